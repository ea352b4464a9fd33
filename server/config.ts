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
  /** `[api]` of config.toml: the schemas the Data API exposes and the most rows a read returns. */
  apiSchemas: string[];
  apiMaxRows: number | null;
  /** PGRST_DB_PLAN_ENABLED: answer `Accept: application/vnd.pgrst.plan` with EXPLAIN (off, as on hosted). */
  apiPlanEnabled: boolean;
}

export const DEFAULT_ADMIN_EMAIL = 'admin@brawlcup.local';
export const DEFAULT_ADMIN_PASSWORD = 'brawlcup-admin';

type Toml = {
  api?: { schemas?: string[]; max_rows?: number };
  auth?: { site_url?: string; additional_redirect_urls?: string[]; jwt_expiry?: number; minimum_password_length?: number } };

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
    apiSchemas: toml.api?.schemas?.length ? toml.api.schemas : ['public'],
    apiMaxRows: typeof toml.api?.max_rows === 'number' && toml.api.max_rows > 0 ? toml.api.max_rows : null,
    apiPlanEnabled: env.PGRST_DB_PLAN_ENABLED === 'true',
  };
}
