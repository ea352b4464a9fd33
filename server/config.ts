// Reads the stack's settings: environment variables first, then supabase/config.toml (the same file
// the Supabase CLI reads), then the defaults hosted Supabase uses.
import type { NotifyOptions } from './functions/notify.ts';
import { readFileSync } from 'node:fs';
import type { ServerOptions } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { GOTRUE_RATE_LIMITS, type RateLimits } from './auth/rate-limit.ts';
import type { ExternalProviderSettings } from './auth/external/provider.ts';
import type { SmtpSettings } from './mail/smtp.ts';
import type { OutboxOptions } from './mail/outbox.ts';
import { readSupabaseConfig, unsetEnvReference } from './supabase-config.ts';
import type { RealtimeLimits } from './realtime/limits.ts';
import { storageSettings, type StorageSettings, type StorageToml } from './storage/settings.ts';

export interface StackOptions {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  supabaseDir: string;
  adminEmail: string;
  adminPassword: string;
  minimumPasswordLength: number;
  jwtExpiry: number;
  siteUrl?: string;
  additionalRedirectUrls: string[];
  /** Serve the built app from this folder (undefined: API only). */
  staticDir?: string;
  /** `[api]` of config.toml: the schemas the Data API exposes and the most rows a read returns. */
  apiSchemas: string[];
  apiMaxRows: number | null;
  /** `[api] extra_search_path`: the schemas after the request's own on the Data API's search_path. */
  apiExtraSearchPath: string[];
  /**
   * `[api] auto_expose_new_tables`: whether what postgres creates in public is granted to the API
   * roles. Unset is true, as the Supabase CLI reads it; false is the 2026 default of new hosted projects.
   */
  apiAutoExposeNewTables: boolean;
  /**
   * `[db.settings] statement_timeout` of config.toml: every session's default, as the Supabase CLI
   * writes it into postgresql.conf (and `supabase config push` sets it on hosted). The API roles'
   * own settings (anon 3 s, authenticated 8 s, in a migration as on hosted) take precedence.
   */
  dbStatementTimeout?: string;
  /** PGRST_DB_PLAN_ENABLED: answer `Accept: application/vnd.pgrst.plan` with EXPLAIN (off, as on hosted). */
  apiPlanEnabled: boolean;
  /** Seconds a rotated refresh token may still be used (two tabs refreshing at once). */
  refreshTokenReuseInterval: number;
  /** Auth's request limits; undefined turns them off (RATE_LIMITS=off, for test runs only). */
  rateLimits?: RateLimits;
  /** `[auth.external.<name>]` that are enabled, by provider name (the local Auth speaks Discord's). */
  externalProviders: Record<string, ExternalProviderSettings>;
  /** `[auth] enable_manual_linking`: linkIdentity and unlinkIdentity (the CLI's default is false). */
  manualLinking: boolean;
  /** `[auth] enable_signup` (true unless set false): sign-ups, by password or by a provider. */
  enableSignup: boolean;
  /** Not `[auth.email] enable_confirmations`: new addresses count as confirmed (GoTrue's autoconfirm). */
  mailerAutoconfirm: boolean;
  /** `[auth.email] double_confirm_changes` (the CLI's default is true): an e-mail change is confirmed from both addresses. */
  secureEmailChange: boolean;
  /** `[auth.email.smtp]` when enabled: mail leaves through this server; unset, the local mailbox. */
  smtp?: SmtpSettings;
  /** How the outbox retries (tests shorten the waits); not a config.toml key. */
  mail?: OutboxOptions;
  /** Proxies in front of the server whose X-Forwarded-For is believed (TRUST_PROXY, default 0). */
  trustProxy: number;
  /** STUDIO_PASSWORD: opens the studio and the mailbox to HTTP Basic authentication from anywhere. */
  studioPassword?: string;
  /** Time-outs and the connection cap of the HTTP server (defaults in httpServerOptions). */
  http?: Partial<HttpLimits>;
  /** Socket, channel and presence limits of Realtime (defaults in server/realtime/limits.ts). */
  realtime?: Partial<RealtimeLimits>;
  /** Edge Functions, the dispatcher's schedule and the notification settings (server/functions/notify.ts). */
  notify?: NotifyOptions;
  /** The Brawl Stars API that verifies player IDs (BRAWLSTARS_API_URL, BRAWLSTARS_API_KEY); no key: off. */
  brawlStars?: { apiUrl: string; apiKey?: string };
  /** `[storage]` of config.toml, files under DATA_DIR/storage; undefined: no Storage (`enabled = false`). */
  storage?: StorageSettings;
}

/** What a slow or piling-up client may hold of the HTTP server. */
export interface HttpLimits {
  /** Until a request's headers are complete. ms. */
  headersTimeoutMs: number;
  /** Until a whole request (headers and body) is received. ms. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. ms. */
  keepAliveTimeoutMs: number;
  /** Open connections (websockets included); more are dropped as they arrive. */
  maxConnections: number;
}

/** The open-file limit, so the connection cap can stay under it with room for the database's files. */
function openFileLimit(): number | undefined {
  try {
    const line = /^Max open files\s+(\d+)/m.exec(readFileSync('/proc/self/limits', 'utf8'));
    return line ? Number(line[1]) : undefined;
  } catch {
    return undefined;
  }
}

export function httpServerOptions(given: Partial<HttpLimits> = {}): { server: ServerOptions; maxConnections: number } {
  const defined = Object.fromEntries(Object.entries(given).filter(([, v]) => v !== undefined));
  const fds = openFileLimit();
  const limits: HttpLimits = {
    headersTimeoutMs: 10_000,
    requestTimeoutMs: 30_000,
    keepAliveTimeoutMs: 5_000,
    maxConnections: Math.min(20_000, fds ? fds - 200 : 20_000),
    ...defined,
  };
  return {
    server: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: Math.max(limits.requestTimeoutMs, limits.headersTimeoutMs),
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      // Node checks the two time-outs only this often (30 s by default, which made 60 s into 84).
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 4))),
    },
    maxConnections: limits.maxConnections,
  };
}

/** A whole number from the environment, or undefined (the default applies) when unset or invalid. */
function envInt(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const n = Number(env[name]);
  return env[name] && Number.isInteger(n) && n > 0 ? n : undefined;
}

export const DEFAULT_ADMIN_EMAIL = 'admin@brawlcup.local';
export const DEFAULT_ADMIN_PASSWORD = 'brawlcup-admin';
/** The sample players supabase/seed.sql creates on a fresh database (the first of eight) and their password. */
export const SAMPLE_PLAYER_EMAIL = 'nova.strike@example.com';
export const SAMPLE_PLAYER_PASSWORD = 'brawlcup-player';

type TomlProvider = {
  enabled?: boolean;
  client_id?: string;
  secret?: string;
  url?: string;
  redirect_uri?: string;
  email_optional?: boolean;
};

type Toml = {
  storage?: StorageToml;
  api?: { schemas?: string[]; max_rows?: number; extra_search_path?: string[]; auto_expose_new_tables?: boolean };
  db?: { settings?: { statement_timeout?: string | number } };
  auth?: {
    site_url?: string;
    additional_redirect_urls?: string[];
    jwt_expiry?: number;
    minimum_password_length?: number;
    refresh_token_reuse_interval?: number;
    enable_manual_linking?: boolean;
    enable_signup?: boolean;
    external?: Record<string, TomlProvider>;
    rate_limit?: {
      email_sent?: number;
      sign_in_sign_ups?: number;
      token_refresh?: number;
      token_verifications?: number;
    };
    email?: {
      max_frequency?: string;
      enable_confirmations?: boolean;
      double_confirm_changes?: boolean;
      smtp?: {
        enabled?: boolean;
        host?: string;
        port?: number;
        user?: string;
        pass?: string;
        admin_email?: string;
        sender_name?: string;
      };
    };
  };
};

/** Thrown at start-up for a config.toml value the server cannot use, naming the key. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** A Postgres duration: a number of milliseconds, or a number with us, ms, s, min, h or d. */
export function statementTimeoutSetting(value: string | number | undefined): string | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  if (!/^\d{1,9}\s*(us|ms|s|min|h|d)?$/.test(text))
    throw new ConfigError(
      `supabase/config.toml: [db.settings] statement_timeout = ${JSON.stringify(value)} is not a duration Postgres reads (for example "8s", "500ms" or "2min").`,
    );
  return text;
}

/** A Go duration as the CLI writes it ("1s", "60s", "1m30s", "1h") -> seconds. */
export function durationSeconds(value: string | undefined, fallback: number): number {
  if (!value) return fallback;
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== value.trim()) return fallback;
  const unit = { h: 3600, m: 60, s: 1, ms: 0.001 } as const;
  return parts.reduce((sum, p) => sum + Number(p[1]) * unit[p[2] as keyof typeof unit], 0);
}

function rateLimits(toml: Toml, env: NodeJS.ProcessEnv): RateLimits | undefined {
  if (env.RATE_LIMITS === 'off') return undefined;
  const limits = toml.auth?.rate_limit ?? {};
  return {
    emailSent: limits.email_sent ?? GOTRUE_RATE_LIMITS.emailSent,
    signInSignUps: limits.sign_in_sign_ups ?? GOTRUE_RATE_LIMITS.signInSignUps,
    tokenRefresh: limits.token_refresh ?? GOTRUE_RATE_LIMITS.tokenRefresh,
    tokenVerifications: limits.token_verifications ?? GOTRUE_RATE_LIMITS.tokenVerifications,
    emailMaxFrequency: durationSeconds(toml.auth?.email?.max_frequency, GOTRUE_RATE_LIMITS.emailMaxFrequency),
  };
}

/** What the CLI prints for an `env(NAME)` whose variable is set nowhere; the value stays as written. */
function warnUnset(value: unknown): void {
  const name = unsetEnvReference(value);
  if (name) console.warn(`WARN: environment variable is unset: ${name}`);
}

/**
 * The enabled `[auth.external.*]`, checked as the CLI checks them: client_id and (but for Apple and
 * Google) secret are required. An empty redirect_uri is the CLI's default, `<API URL>/auth/v1/callback`,
 * which the stack fills in once it knows its URL.
 */
function externalProviders(toml: Toml): Record<string, ExternalProviderSettings> {
  const enabled: Record<string, ExternalProviderSettings> = {};
  for (const [name, p] of Object.entries(toml.auth?.external ?? {})) {
    if (!p?.enabled) continue;
    if (!p.client_id) throw new ConfigError(`Missing required field in config: auth.external.${name}.client_id`);
    if (!['apple', 'google'].includes(name) && !p.secret)
      throw new ConfigError(`Missing required field in config: auth.external.${name}.secret`);
    for (const value of [p.client_id, p.secret, p.redirect_uri, p.url]) warnUnset(value);
    if (name !== 'discord')
      console.warn(`WARN: [auth.external.${name}] is enabled, but the local stack signs in with Discord only`);
    enabled[name] = {
      clientId: p.client_id,
      secret: p.secret ?? '',
      redirectUri: p.redirect_uri || undefined,
      url: p.url || undefined,
      emailOptional: p.email_optional === true,
    };
  }
  return enabled;
}

/** `[auth.email.smtp]`: on when the table is there and `enabled` is not false (the CLI's default), with its required fields. */
function smtpSettings(toml: Toml): SmtpSettings | undefined {
  const smtp = toml.auth?.email?.smtp;
  if (!smtp || smtp.enabled === false) return undefined;
  for (const key of ['host', 'port', 'user', 'pass', 'admin_email'] as const)
    if (!smtp[key]) throw new ConfigError(`Missing required field in config: auth.email.smtp.${key}`);
  for (const value of [smtp.host, smtp.user, smtp.pass, smtp.admin_email]) warnUnset(value);
  return {
    host: smtp.host!,
    port: Number(smtp.port),
    user: smtp.user!,
    pass: smtp.pass!,
    adminEmail: smtp.admin_email!,
    senderName: smtp.sender_name ?? '',
  };
}

/**
 * `[auth] site_url`, unless it names this machine's loopback (the CLI's default, http://127.0.0.1:3000)
 * or is an unset env(): then the stack is its own site, at whatever address it listens on.
 */
export function configuredSiteUrl(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const { hostname } = new URL(value);
    return ['127.0.0.1', 'localhost', '[::1]'].includes(hostname) ? undefined : value;
  } catch {
    return undefined;
  }
}

/** `[api] auto_expose_new_tables` of a supabase folder's config.toml: unset is true, as the CLI reads it. */
export function autoExposeNewTables(supabaseDir: string): boolean {
  return (
    (readSupabaseConfig(supabaseDir, dirname(supabaseDir), process.env) as Toml).api?.auto_expose_new_tables !== false
  );
}

export function readOptions(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): StackOptions {
  const supabaseDir = resolve(root, 'supabase');
  const toml = readSupabaseConfig(supabaseDir, root, env) as Toml;
  const port = Number(env.PORT ?? 3000);
  const dataDir = resolve(root, env.DATA_DIR ?? '.local');
  return {
    port: Number.isInteger(port) && port >= 0 ? port : 3000,
    host: env.HOST ?? '127.0.0.1',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    supabaseDir,
    adminEmail: env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD,
    minimumPasswordLength: toml.auth?.minimum_password_length ?? 6,
    jwtExpiry: toml.auth?.jwt_expiry ?? 3600,
    // [auth] site_url as the CLI reads it (env(), SUPABASE_AUTH_SITE_URL); SITE_URL overrides it.
    siteUrl: env.SITE_URL || configuredSiteUrl(toml.auth?.site_url),
    additionalRedirectUrls: toml.auth?.additional_redirect_urls ?? [],
    staticDir: resolve(root, 'dist'),
    apiSchemas: toml.api?.schemas?.length ? toml.api.schemas : ['public'],
    apiMaxRows: typeof toml.api?.max_rows === 'number' && toml.api.max_rows > 0 ? toml.api.max_rows : null,
    // The CLI's default for extra_search_path (PGRST_DB_EXTRA_SEARCH_PATH).
    apiExtraSearchPath: toml.api?.extra_search_path ?? ['public', 'extensions'],
    apiAutoExposeNewTables: toml.api?.auto_expose_new_tables !== false,
    dbStatementTimeout: statementTimeoutSetting(toml.db?.settings?.statement_timeout),
    apiPlanEnabled: env.PGRST_DB_PLAN_ENABLED === 'true',
    refreshTokenReuseInterval: toml.auth?.refresh_token_reuse_interval ?? 10,
    rateLimits: rateLimits(toml, env),
    externalProviders: externalProviders(toml),
    manualLinking: toml.auth?.enable_manual_linking === true,
    enableSignup: toml.auth?.enable_signup !== false,
    mailerAutoconfirm: toml.auth?.email?.enable_confirmations !== true,
    secureEmailChange: toml.auth?.email?.double_confirm_changes !== false,
    smtp: smtpSettings(toml),
    studioPassword: env.STUDIO_PASSWORD || undefined,
    storage: toml.storage?.enabled === false ? undefined : storageSettings(toml.storage, join(dataDir, 'storage')),
    brawlStars: {
      apiUrl: env.BRAWLSTARS_API_URL || 'https://api.brawlstars.com',
      apiKey: env.BRAWLSTARS_API_KEY || undefined,
    },
    trustProxy: env.TRUST_PROXY === 'true' ? 1 : Math.max(0, Math.floor(Number(env.TRUST_PROXY ?? 0)) || 0),
    http: {
      headersTimeoutMs: envInt(env, 'HTTP_HEADERS_TIMEOUT_MS'),
      requestTimeoutMs: envInt(env, 'HTTP_REQUEST_TIMEOUT_MS'),
      keepAliveTimeoutMs: envInt(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS'),
      maxConnections: envInt(env, 'HTTP_MAX_CONNECTIONS'),
    },
    realtime: {
      maxSocketsPerIp: envInt(env, 'REALTIME_MAX_SOCKETS_PER_IP'),
      maxSockets: envInt(env, 'REALTIME_MAX_SOCKETS'),
      maxChannelsPerSocket: envInt(env, 'REALTIME_MAX_CHANNELS_PER_SOCKET'),
    },
    notify: {
      edgeFunctions: env.EDGE_FUNCTIONS !== 'off',
      discordApiUrl: env.DISCORD_API_URL || undefined,
      pushServiceOrigins: env.PUSH_SERVICE_ORIGINS || undefined,
      dispatchIntervalMs: envInt(env, 'DISPATCH_INTERVAL_MS') ?? 15_000,
      env: Object.fromEntries(
        ['VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT', 'DISPATCH_LEASE_SECONDS']
          .filter((k) => env[k])
          .map((k) => [k, env[k]!]),
      ),
    },
  };
}
