// Starts the whole local Supabase: database (PGlite or Postgres), prelude and migrations, keys, the
// administrator, the HTTP services and Realtime on one port. main.ts and the tests both use it.
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { openDatabase, type Database } from './db/database.ts';
import { migrate, type MigrateResult } from './db/migrate.ts';
import { loadKeys } from './keys.ts';
import { Mailbox } from './mail/mailbox.ts';
import { buildApp } from './app.ts';
import type { ServerContext } from './context.ts';
import type { StackOptions } from './config.ts';
import { ensureAdmin } from './auth/admin.ts';
import { attachRealtime, type RealtimeServer } from './realtime/server.ts';

export interface RunningStack {
  url: string;
  port: number;
  ctx: ServerContext;
  migrations: MigrateResult;
  adminCreated: boolean;
  server: Server;
  realtime: RealtimeServer;
  close(): Promise<void>;
}

export async function openStackDatabase(options: Pick<StackOptions, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  return openDatabase({ databaseUrl: options.databaseUrl, dataDir: options.databaseUrl ? undefined : options.dataDir });
}

export async function startStack(options: StackOptions & { quiet?: boolean; runtimeConfig?: Record<string, string> }): Promise<RunningStack> {
  const db = await openStackDatabase(options);
  let migrations: MigrateResult;
  try {
    migrations = await migrate(db, options.supabaseDir);
  } catch (error) {
    await db.close();
    throw error;
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
  };
  const ctx: ServerContext = { db, keys, config, mailbox };
  const adminCreated = migrations.fresh
    ? await ensureAdmin(ctx, options.adminEmail, options.adminPassword)
    : false;

  const app = buildApp(ctx, { staticDir: options.staticDir, runtimeConfig: options.runtimeConfig });
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: options.port, hostname: options.host }, () => resolve(s));
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${options.host === '0.0.0.0' ? '127.0.0.1' : options.host}:${port}`;
  config.apiUrl = url;
  config.siteUrl ||= url;
  const realtime = attachRealtime(server as Server, ctx);

  return {
    url,
    port,
    ctx,
    migrations,
    adminCreated,
    server: server as Server,
    realtime,
    async close() {
      await realtime.close();
      await new Promise<void>((resolve) => {
        (server as Server).closeAllConnections?.();
        server.close(() => resolve());
      });
      await db.close();
    },
  };
}
