// Reads the stack's settings: environment variables first, then supabase/config.toml (the same file
// the Supabase CLI reads), then the defaults hosted Supabase uses.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'smol-toml';

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
}

export const DEFAULT_ADMIN_EMAIL = 'admin@brawlcup.local';
export const DEFAULT_ADMIN_PASSWORD = 'brawlcup-admin';
/** The sample players supabase/seed.sql creates on a fresh database (the first of eight) and their password. */
export const SAMPLE_PLAYER_EMAIL = 'nova.strike@example.com';
export const SAMPLE_PLAYER_PASSWORD = 'brawlcup-player';

type Toml = { auth?: { site_url?: string; additional_redirect_urls?: string[]; jwt_expiry?: number; minimum_password_length?: number } };

export function readOptions(env: NodeJS.ProcessEnv = process.env, root = process.cwd()): StackOptions {
  const supabaseDir = resolve(root, 'supabase');
  let toml: Toml = {};
  try {
    toml = parse(readFileSync(join(supabaseDir, 'config.toml'), 'utf8')) as Toml;
  } catch {
    // No config.toml: the defaults below are hosted Supabase's.
  }
  const port = Number(env.PORT ?? 3000);
  return {
    port: Number.isInteger(port) && port >= 0 ? port : 3000,
    host: env.HOST ?? '127.0.0.1',
    dataDir: resolve(root, env.DATA_DIR ?? '.local'),
    databaseUrl: env.DATABASE_URL || undefined,
    supabaseDir,
    adminEmail: env.ADMIN_EMAIL ?? DEFAULT_ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD,
    minimumPasswordLength: toml.auth?.minimum_password_length ?? 6,
    jwtExpiry: toml.auth?.jwt_expiry ?? 3600,
    siteUrl: env.SITE_URL,
    additionalRedirectUrls: toml.auth?.additional_redirect_urls ?? [],
    staticDir: resolve(root, 'dist'),
  };
}
