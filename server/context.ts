// What every service of the local stack shares: the database, the keys, the configuration, the
// mailbox, and the one way a request becomes a Postgres role with JWT claims (PostgREST's contract).
import type { Context } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import type { Database, Queryable } from './db/database.ts';
import type { Claims } from './auth/jwt.ts';
import { JwtError } from './auth/jwt.ts';
import type { LiveSessions } from './auth/live-sessions.ts';
import type { RateLimits } from './auth/rate-limit.ts';
import type { StackKeys } from './keys.ts';
import type { Mailbox } from './mail/mailbox.ts';
import type { Mailer } from './mail/outbox.ts';
import type { ExternalProviderSettings } from './auth/external/provider.ts';
import type { OperatorAccess } from './local-only.ts';
import type { RestOptions } from './rest/settings.ts';
import { bearerToken, clientIp } from './shared/http.ts';
import type { StorageSettings } from './storage/settings.ts';

export interface ServerConfig {
  /** The origin people and supabase-js reach the stack at, e.g. http://127.0.0.1:3000. */
  apiUrl: string;
  /** Where auth links send people back to (the app). Defaults to apiUrl. */
  siteUrl: string;
  /** Other URLs a redirect_to may point at (prefix match), from supabase/config.toml. */
  additionalRedirectUrls: string[];
  minimumPasswordLength: number;
  /** Access token lifetime, seconds. */
  jwtExpiry: number;
  /** The supabase/ folder: migrations, seed.sql, config.toml. */
  supabaseDir: string;
  /** The Data API's `[api]` settings (exposed schemas, max_rows, EXPLAIN); defaults are hosted Supabase's. */
  api?: RestOptions;
  /** Seconds a rotated refresh token may still be used. */
  refreshTokenReuseInterval: number;
  /** Auth's request limits (undefined: off). */
  rateLimits?: RateLimits;
  /** Proxies in front whose X-Forwarded-For is believed (0: the TCP peer is the client). */
  trustProxy: number;
  /** Who may open the studio and the mailbox (see local-only.ts). */
  operator?: OperatorAccess;
  /** `[auth.external.<name>]` that are enabled (an unset redirect URI is `<apiUrl>/auth/v1/callback`). */
  externalProviders?: Record<string, ExternalProviderSettings>;
  /** `[auth] enable_manual_linking`. */
  manualLinking?: boolean;
  /** `[auth] enable_signup` (default true). */
  enableSignup?: boolean;
  /** Not `[auth.email] enable_confirmations` (default true: addresses count as confirmed). */
  mailerAutoconfirm?: boolean;
  /** `[auth.email] double_confirm_changes`. */
  secureEmailChange?: boolean;
  /** The Brawl Stars API that verifies player IDs; without a key nothing is verified. */
  brawlStars?: { apiUrl: string; apiKey?: string };
  /** Storage's settings (`[storage]` of config.toml); undefined: no /storage/v1. */
  storage?: StorageSettings;
}

export interface ServerContext {
  db: Database;
  keys: StackKeys;
  config: ServerConfig;
  mailbox: Mailbox;
  /** Sends mail: through `[auth.email.smtp]` (queued, retried) or into the local mailbox (mail/outbox.ts). */
  mail: Mailer;
  sessions: LiveSessions;
  /** The Edge Functions' listener (server/functions/runtime.ts) once started; /functions/v1 proxies to it. */
  functionsUrl?: string;
}

/** Who is calling: the role Postgres will run as and the claims `request.jwt.claims` will hold. */
export interface Caller {
  role: string;
  claims: Claims;
  /** The verified token itself (an API key or a user's access token). */
  token: string;
  /** The request's headers for `request.headers`, as PostgREST sets them (Data API requests only). */
  headers?: Record<string, string>;
  /** The transaction's search_path, as the Data API sets it (quoted schema names); unset: the session's. */
  searchPath?: string;
}

export const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

/**
 * Resolves the caller from the headers supabase-js sends: `Authorization: Bearer <jwt>` wins, else
 * `apikey`. Throws JwtError (a 401 for every service) for a missing, malformed, expired, wrongly
 * signed or `alg: none` token, or one whose role is not an API role.
 */
export async function callerFromHeaders(
  keys: StackKeys,
  headers: { authorization?: string | null; apikey?: string | null },
): Promise<Caller> {
  const token = bearerToken(headers.authorization) ?? headers.apikey ?? undefined;
  const claims = await keys.jwt.verify(token);
  if (!API_ROLES.has(claims.role)) throw new JwtError('malformed', `invalid JWT: role "${claims.role}" does not exist`);
  return { role: claims.role, claims, token: token! };
}

/**
 * A token's claims, if it may be used now: valid (see callerFromHeaders) and, for a user's access
 * token, its session not ended (signed out, revoked after refresh-token reuse, or the user deleted).
 * Hosted PostgREST trusts the token until it expires; here ending a session ends its tokens.
 */
export async function verifyToken(
  ctx: Pick<ServerContext, 'keys' | 'sessions'>,
  token: string | undefined,
): Promise<Claims> {
  const claims = await ctx.keys.jwt.verify(token);
  if (!API_ROLES.has(claims.role)) throw new JwtError('malformed', `invalid JWT: role "${claims.role}" does not exist`);
  if (typeof claims.session_id === 'string' && !(await ctx.sessions.exists(claims.session_id))) {
    throw new JwtError('session_ended', 'Session from session_id claim in JWT does not exist');
  }
  return claims;
}

/** Headers a client could forge that a proxy would set: replaced by what this server decided. */
const PROXY_HEADERS = ['x-forwarded-for', 'x-real-ip', 'cf-connecting-ip', 'forwarded'];

/**
 * The caller of a Data API request, with `request.headers` as PostgREST sets it. X-Forwarded-For
 * there is the client IP this server decided (the TCP peer, or TRUST_PROXY's pick), so database
 * rules that limit per IP read the same header locally as behind hosted Supabase's proxy.
 */
export async function callerFromRequest(ctx: ServerContext, c: Context): Promise<Caller> {
  const token = bearerToken(c.req.header('authorization')) ?? c.req.header('apikey') ?? undefined;
  const claims = await verifyToken(ctx, token);
  const headers = requestHeaders(c);
  headers['x-forwarded-for'] = clientIp(c, ctx.config.trustProxy);
  return { role: claims.role, claims, token: token!, headers };
}

/** HTTP's whitespace around a header value, which a fetch Headers object trims. */
const EDGE_WHITESPACE = /^[\t\n\r ]+|[\t\n\r ]+$/g;

/**
 * The request's headers as a fetch Headers object lists them (names in lower case and in order,
 * values trimmed, a repeated header's values joined with ", ", cookies with "; ", the last
 * Set-Cookie), less PROXY_HEADERS. Read from Node's raw list when the request came in on a socket:
 * building a Headers object only to walk it was a fixed cost of every Data API request
 * (bench/rest-overhead).
 */
export function requestHeaders(c: Context): Record<string, string> {
  const headers: Record<string, string> = {};
  const raw = (c.env as HttpBindings | undefined)?.incoming?.rawHeaders;
  if (!raw) {
    c.req.raw.headers.forEach((value, name) => {
      if (!PROXY_HEADERS.includes(name)) headers[name] = value;
    });
    return headers;
  }
  const values = new Map<string, string>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = raw[i]!.toLowerCase();
    if (name.startsWith(':') || PROXY_HEADERS.includes(name)) continue;
    const value = raw[i + 1]!.replace(EDGE_WHITESPACE, '');
    const before = values.get(name);
    values.set(
      name,
      before === undefined || name === 'set-cookie' ? value : `${before}${name === 'cookie' ? '; ' : ', '}${value}`,
    );
  }
  for (const name of [...values.keys()].sort()) headers[name] = values.get(name)!;
  return headers;
}

/**
 * Runs fn in one transaction as the caller: `set local role` and `request.jwt.claims` (plus the
 * legacy `request.jwt.claim.*` settings), exactly what PostgREST does, so RLS decides.
 */
export function asCaller<T>(
  db: Database,
  caller: Pick<Caller, 'role' | 'claims' | 'headers' | 'searchPath'>,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await setCaller(tx, caller);
    return fn(tx);
  });
}

export async function setCaller(
  tx: Queryable,
  caller: Pick<Caller, 'role' | 'claims' | 'headers' | 'searchPath'>,
): Promise<void> {
  if (!API_ROLES.has(caller.role)) throw new JwtError('malformed', `invalid JWT: role "${caller.role}" does not exist`);
  // The role's own settings apply too, as PostgREST applies them to the role it switches to: on
  // hosted Supabase that is the API roles' statement_timeout (anon 3 s, authenticated 8 s).
  await tx.query(
    `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
            set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true),
            set_config('request.jwt.claim.email', $4, true), set_config('request.headers', $5, true),
            set_config('search_path', coalesce($6, current_setting('search_path')), true),
            set_config('statement_timeout', coalesce((
              select substr(c, length('statement_timeout=') + 1)
              from pg_db_role_setting s, unnest(s.setconfig) c
              where s.setrole = to_regrole($1) and s.setdatabase = 0 and c like 'statement_timeout=%' limit 1
            ), current_setting('statement_timeout')), true)`,
    [
      caller.role,
      JSON.stringify(caller.claims),
      caller.claims.sub ?? '',
      caller.claims.email ?? '',
      JSON.stringify(caller.headers ?? {}),
      caller.searchPath ?? null,
    ],
  );
}
