// Starts the whole local Supabase: database (PGlite or Postgres), prelude and migrations, keys, the
// administrator, the HTTP services and Realtime on one port. main.ts and the tests both use it.
import { getRequestListener } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { openDatabase, type Database } from './db/database.ts';
import { migrate, type MigrateResult } from './db/migrate.ts';
import { lockDataDir } from './db/lock.ts';
import { join, resolve } from 'node:path';
import { loadVapidKeys } from './functions/vapid.ts';
import { loadKeys } from './keys.ts';
import { Mailbox } from './mail/mailbox.ts';
import { createMailer } from './mail/outbox.ts';
import { buildApp } from './app.ts';
import type { ServerContext } from './context.ts';
import { httpServerOptions, type StackOptions } from './config.ts';
import { ensureAdmin } from './auth/admin.ts';
import { LiveSessions } from './auth/live-sessions.ts';
import { createRealtime, isRealtimePath, refuseUpgrade, type RealtimeServer } from './realtime/server.ts';
import { startNotifications, type Notifications } from './functions/notify.ts';
import { startStorage } from './storage/settings.ts';

export interface RunningStack {
  url: string;
  port: number;
  ctx: ServerContext;
  migrations: MigrateResult;
  adminCreated: boolean;
  server: Server;
  realtime: RealtimeServer;
  notifications: Notifications;
  close(): Promise<void>;
}

/** The database of a data directory: PGlite in `<dataDir>/pgdata` (one process at a time), or DATABASE_URL. */
export async function openStackDatabase(
  options: Pick<StackOptions, 'databaseUrl' | 'dataDir' | 'dbStatementTimeout'>,
): Promise<Database> {
  const statementTimeout = options.dbStatementTimeout;
  if (options.databaseUrl) return openDatabase({ databaseUrl: options.databaseUrl, statementTimeout });
  const unlock = await lockDataDir(options.dataDir);
  try {
    const db = await openDatabase({ dataDir: join(options.dataDir, 'pgdata'), statementTimeout });
    const close = db.close.bind(db);
    return Object.assign(db, {
      close: async () => {
        await close();
        await unlock();
      },
    });
  } catch (error) {
    await unlock();
    throw error;
  }
}

/** Paths the stack answers itself; everything else is the app (built files, or Vite in dev). */
export const API_PREFIXES = [
  '/auth/v1',
  '/rest/v1',
  '/realtime/v1',
  '/storage/v1',
  '/functions/v1',
  '/mail',
  '/studio',
];
const isApiPath = (url = '/') =>
  API_PREFIXES.some((p) => url === p || url.startsWith(p + '/') || url.startsWith(p + '?'));

export interface StartOptions extends StackOptions {
  quiet?: boolean;
  /** Extra values for window.__BRAWLCUP_CONFIG__ (contact form URL, ad ids). */
  runtimeConfig?: Record<string, string>;
  /** Serves non-API requests (Vite's dev middleware) instead of the built app. */
  appMiddleware?: (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
}

export async function startStack(options: StartOptions): Promise<RunningStack> {
  const db = await openStackDatabase(options);
  let migrations: MigrateResult;
  try {
    migrations = await migrate(db, options.supabaseDir, { autoExposeNewTables: options.apiAutoExposeNewTables });
  } catch (error) {
    await db.close();
    throw error;
  }
  // Files live in the data directory the stack was given (a test's own temporary folder).
  const storage = options.storage && { ...options.storage, root: join(options.dataDir, 'storage') };
  if (storage) {
    await startStorage(db, storage).catch(async (error: unknown) => {
      await db.close();
      throw error;
    });
  }
  const keys = await loadKeys(options.dataDir);
  const mailbox = new Mailbox(options.quiet ? () => {} : undefined);

  // Listen first (port 0 picks a free one), then fill in the URL the services hand out in links.
  const config = {
    apiUrl: '',
    siteUrl: options.siteUrl ?? '',
    additionalRedirectUrls: options.additionalRedirectUrls,
    minimumPasswordLength: options.minimumPasswordLength,
    jwtExpiry: options.jwtExpiry,
    supabaseDir: options.supabaseDir,
    api: {
      schemas: options.apiSchemas,
      maxRows: options.apiMaxRows,
      planEnabled: options.apiPlanEnabled,
      extraSearchPath: options.apiExtraSearchPath,
    },
    refreshTokenReuseInterval: options.refreshTokenReuseInterval,
    rateLimits: options.rateLimits,
    trustProxy: options.trustProxy,
    operator: { listenHost: options.host, password: options.studioPassword, trustProxy: options.trustProxy },
    brawlStars: options.brawlStars,
    externalProviders: options.externalProviders,
    manualLinking: options.manualLinking,
    enableSignup: options.enableSignup,
    mailerAutoconfirm: options.mailerAutoconfirm,
    secureEmailChange: options.secureEmailChange,
    storage,
  };
  const mail = createMailer(db, mailbox, options.smtp, options.mail);
  const ctx: ServerContext = { db, keys, config, mailbox, mail, sessions: new LiveSessions(db) };
  const adminCreated = migrations.fresh ? await ensureAdmin(ctx, options.adminEmail, options.adminPassword) : false;

  const vapid = await loadVapidKeys(options.dataDir, { ...process.env, ...options.notify?.env });
  const runtimeConfig = {
    SUPABASE_ANON_KEY: keys.anonKey,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    // The sign-in screens load the app at once to offer Continue with Discord (src/boot.ts).
    ...(options.externalProviders?.discord ? { AUTH_DISCORD: 'on' } : {}),
    ...options.runtimeConfig,
  };
  const app = buildApp(ctx, { staticDir: options.appMiddleware ? undefined : options.staticDir, runtimeConfig });
  const api = getRequestListener(app.fetch);
  const appMiddleware = options.appMiddleware;
  const http = httpServerOptions(options.http);
  const server = createServer(http.server, (req, res) => {
    if (appMiddleware && !isApiPath(req.url)) appMiddleware(req, res, () => void api(req, res));
    else void api(req, res);
  });
  // Past the cap new connections are dropped at once, before the process runs out of descriptors.
  server.maxConnections = http.maxConnections;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${port}`;
  config.apiUrl = url;
  config.siteUrl ||= url;
  const realtime = createRealtime(ctx, options.realtime);
  // Every upgrade is answered: one left pending holds its socket until the process has none left.
  server.on('upgrade', (req, socket, head) => {
    if (isRealtimePath(req.url)) realtime.handleUpgrade(req, socket, head);
    else refuseUpgrade(socket, 404, 'no Route matched with those values');
  });
  // Change capture installs its triggers (DDL) on the published tables: a write racing it could
  // deadlock, so the stack counts as started once capture is in place.
  await realtime.ready.catch(() => {});
  const notifications = await startNotifications(ctx, {
    edgeFunctions: false,
    dispatchIntervalMs: 15_000,
    ...options.notify,
    smtp: options.smtp,
    vapid,
    rootDir: resolve(options.supabaseDir, '..'),
    quiet: options.quiet,
  });

  return {
    url,
    port,
    ctx,
    migrations,
    adminCreated,
    server,
    realtime,
    notifications,
    async close() {
      await notifications.close();
      await realtime.close();
      await new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      });
      await mail.close();
      await db.close();
    },
  };
}
