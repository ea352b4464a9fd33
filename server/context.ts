// What every service of the local stack shares: the database, the keys, the configuration, the
// mailbox, and the one way a request becomes a Postgres role with JWT claims (PostgREST's contract).
import type { Database, Queryable } from './db/database.ts';
import type { Claims } from './auth/jwt.ts';
import { JwtError } from './auth/jwt.ts';
import type { StackKeys } from './keys.ts';
import type { Mailbox } from './mail/mailbox.ts';
import type { RestOptions } from './rest/routes.ts';

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
}

export interface ServerContext {
  db: Database;
  keys: StackKeys;
  config: ServerConfig;
  mailbox: Mailbox;
}

/** Who is calling: the role Postgres will run as and the claims `request.jwt.claims` will hold. */
export interface Caller {
  role: string;
  claims: Claims;
  /** The verified token itself (an API key or a user's access token). */
  token: string;
}

export const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

function bearer(authorization: string | undefined | null): string | undefined {
  if (!authorization) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(authorization.trim());
  return match ? match[1]!.trim() : undefined;
}

/**
 * Resolves the caller from the headers supabase-js sends: `Authorization: Bearer <jwt>` wins, else
 * `apikey`. Throws JwtError (a 401 for every service) for a missing, malformed, expired, wrongly
 * signed or `alg: none` token, or one whose role is not an API role.
 */
export async function callerFromHeaders(
  keys: StackKeys,
  headers: { authorization?: string | null; apikey?: string | null },
): Promise<Caller> {
  const token = bearer(headers.authorization) ?? headers.apikey ?? undefined;
  const claims = await keys.jwt.verify(token);
  if (!API_ROLES.has(claims.role)) throw new JwtError('malformed', `invalid JWT: role "${claims.role}" does not exist`);
  return { role: claims.role, claims, token: token! };
}

/**
 * Runs fn in one transaction as the caller: `set local role` and `request.jwt.claims` (plus the
 * legacy `request.jwt.claim.*` settings), exactly what PostgREST does, so RLS decides.
 */
export function asCaller<T>(db: Database, caller: Pick<Caller, 'role' | 'claims'>, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await setCaller(tx, caller);
    return fn(tx);
  });
}

export async function setCaller(tx: Queryable, caller: Pick<Caller, 'role' | 'claims'>): Promise<void> {
  if (!API_ROLES.has(caller.role)) throw new JwtError('malformed', `invalid JWT: role "${caller.role}" does not exist`);
  await tx.query(
    `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
            set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true),
            set_config('request.jwt.claim.email', $4, true)`,
    [caller.role, JSON.stringify(caller.claims), caller.claims.sub ?? '', caller.claims.email ?? ''],
  );
}
