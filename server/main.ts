// `npm start` (and `npm run dev`): the whole site on one port — the app and a Docker-free local
// Supabase (Auth, Data API, Realtime, mailbox, studio) on PGlite or DATABASE_URL's Postgres.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  ConfigError,
  readOptions,
  DEFAULT_ADMIN_EMAIL,
  DEFAULT_ADMIN_PASSWORD,
  SAMPLE_PLAYER_EMAIL,
  SAMPLE_PLAYER_PASSWORD,
} from './config.ts';
import { startStack, type StartOptions } from './stack.ts';
import { MigrationError } from './db/migrate.ts';
import { DataDirBusyError } from './db/lock.ts';
import { serveDumps } from './db/dump-socket.ts';
import { appIsStale, buildApp } from './build-app.ts';
import { PAGE_CONFIG, injectConfig } from './static.ts';
import { frontOptions, startFront } from './front.ts';

const root = process.cwd();
const dev = process.argv.includes('--dev');
const options = (() => {
  try {
    return readOptions(process.env, root);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`\nStart-up stopped: ${error.message}`);
    process.exit(1);
  }
})();

function runtimeConfig(): Record<string, string> {
  const pick: Record<string, string | undefined> = {
    CONTACT_FORM_URL: process.env.VITE_CONTACT_FORM_URL,
    ADSENSE_CLIENT: process.env.VITE_ADSENSE_CLIENT,
    ADSENSE_SLOT: process.env.VITE_ADSENSE_SLOT,
    // In front of a hosted project: the key its notify-dispatch function signs pushes with.
    VAPID_PUBLIC_KEY: process.env.VAPID_PUBLIC_KEY,
  };
  return Object.fromEntries(Object.entries(pick).filter(([, v]) => v)) as Record<string, string>;
}

/** SUPABASE_URL set: only the app, its server render and link previews, for a hosted project (server/front.ts). */
async function serveHostedProject(project: { supabaseUrl: string; anonKey: string }) {
  if (await appIsStale(root)) {
    console.log('Building the app (dist/ is missing or older than its sources)...');
    await buildApp(root);
  }
  const front = await startFront({
    ...options,
    ...project,
    staticDir: options.staticDir!,
    runtimeConfig: runtimeConfig(),
  });
  console.log(`
BrawlCup is running in front of a hosted Supabase project.

         App URL: ${front.url}
         API URL: ${project.supabaseUrl} (Auth, Data API and Realtime are the project's)
   Link previews: tournament pages carry their own Open Graph tags, read with the anon key
`);
  const shutdown = async () => {
    await front.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  // Load the server render now rather than on the first visitor's page (as for the local stack).
  await fetch(new URL('/home', front.url)).then(
    (res) => res.arrayBuffer(),
    () => undefined,
  );
}

async function main() {
  const started = Date.now();
  const project = (() => {
    try {
      return frontOptions(process.env);
    } catch (error) {
      console.error(`\nStart-up stopped: ${(error as Error).message}`);
      process.exit(1);
    }
  })();
  if (project && dev) {
    console.error('\nStart-up stopped: npm run dev runs the local stack; unset SUPABASE_URL, or use npm start.');
    process.exit(1);
  }
  if (project) return serveHostedProject(project);
  const extra: Partial<StartOptions> = { runtimeConfig: runtimeConfig() };
  let vite: import('vite').ViteDevServer | undefined;
  if (dev) {
    const { createServer } = await import('vite');
    vite = await createServer({
      root,
      server: { middlewareMode: true, hmr: { port: options.port + 1 } },
      appType: 'custom',
    });
    const viteServer = vite;
    extra.appMiddleware = (req, res, next) => {
      viteServer.middlewares(req, res, async () => {
        // Vite did not serve a file: this is an app route, so send index.html through Vite.
        try {
          const template = await readFile(join(root, 'index.html'), 'utf8');
          const html = await viteServer.transformIndexHtml(req.url ?? '/', template);
          res.setHeader('Content-Type', 'text/html; charset=utf-8');
          res.end(
            injectConfig(html, { ...PAGE_CONFIG, SUPABASE_ANON_KEY: stack.ctx.keys.anonKey, ...runtimeConfig() }),
          );
        } catch (error) {
          // A broken index.html or plugin: say why, and let the API's 404 answer the request.
          console.error('[vite] could not serve index.html:', error);
          next();
        }
      });
    };
  } else if (await appIsStale(root)) {
    console.log('Building the app (dist/ is missing or older than its sources)...');
    await buildApp(root);
  }

  const stack = await startStack({ ...options, ...extra });
  const { ctx } = stack;
  // The site runs without it (e.g. a DATA_DIR path too long for a unix socket); only db:dump needs it.
  const stopDumps = await serveDumps(ctx.db, options.dataDir).catch((error: Error) => {
    console.warn(
      `npm run db:dump cannot reach this server (${error.message}); stop the server to dump its PGlite folder.`,
    );
    return async () => {};
  });
  const adminNote =
    options.adminEmail === DEFAULT_ADMIN_EMAIL && options.adminPassword === DEFAULT_ADMIN_PASSWORD
      ? ' (local default: set ADMIN_EMAIL and ADMIN_PASSWORD for anything but your own machine)'
      : '';
  console.log(`
BrawlCup is running${dev ? ' (dev, hot reload)' : ''}.

         App URL: ${stack.url}
         API URL: ${stack.url}
     GraphQL URL: (not provided by the local stack)
        Database: ${ctx.db.kind === 'pglite' ? `PGlite in ${ctx.db.location}` : ctx.db.location}
      Studio URL: ${stack.url}/studio
     Mailbox URL: ${options.smtp ? `(mail leaves through SMTP ${options.smtp.host}:${options.smtp.port}, [auth.email.smtp])` : `${stack.url}/mail`}
     Storage URL: ${options.storage ? `${stack.url}/storage/v1 (files in ${join(options.dataDir, 'storage')}; buckets ${Object.keys(options.storage.buckets).join(', ') || 'none'})` : '(off: [storage] enabled = false)'}
  Functions URL: ${stack.notifications.functions ? `${stack.url}/functions/v1 (${stack.notifications.functions.functions.join(', ')}, in Deno)` : '(off: EDGE_FUNCTIONS=off)'}
         Discord: ${options.externalProviders.discord ? `sign-in on, redirect URL ${options.externalProviders.discord.redirectUri ?? `${stack.url}/auth/v1/callback`}` : 'sign-in off ([auth.external.discord])'}
        anon key: ${ctx.keys.anonKey}
service_role key: ${ctx.keys.serviceRoleKey}
   Administrator: ${options.adminEmail} / ${options.adminPassword === DEFAULT_ADMIN_PASSWORD ? DEFAULT_ADMIN_PASSWORD : '(ADMIN_PASSWORD)'}${adminNote}
  Sample players: ${SAMPLE_PLAYER_EMAIL} and seven more in supabase/seed.sql / ${SAMPLE_PLAYER_PASSWORD}
      Migrations: ${stack.migrations.applied.length ? `applied ${stack.migrations.applied.join(', ')}` : 'up to date'}${stack.migrations.seeded ? ', sample data seeded' : ''}${
        !stack.migrations.asSuperuser
          ? ''
          : `
                  (as superuser ${stack.migrations.ranAs}: this database predates the hosted roles, so a
                  migration hosted would refuse still passes here; a fresh DATA_DIR runs them as postgres)`
      }
         Started: in ${Date.now() - started} ms
`);

  const shutdown = async () => {
    await vite?.close();
    await stopDumps();
    await stack.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);

  // The server render of /home and the tournament pages (server/ssr.ts) loads its code on its first
  // page: that is now, not the first visitor's request (~150 ms, and ~35 MB held: bench/memory).
  if (!dev)
    await fetch(new URL('/home', stack.url)).then(
      (res) => res.arrayBuffer(),
      () => undefined,
    );
  // Start-up's garbage (migrations, the app's files read once, PGlite's set-up) would stay in both
  // heaps until enough was allocated again: `npm start` runs node with --expose-gc to collect it now.
  await ctx.db.collectGarbage?.().catch(() => {}); // (a shutdown may have begun meanwhile)
  (globalThis as { gc?: () => void }).gc?.();
}

main().catch((error) => {
  if (error instanceof MigrationError || error instanceof DataDirBusyError) {
    console.error(`\nStart-up stopped: ${error.message}`);
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`\nPort ${options.port} is in use. Stop the other server or set PORT, e.g. PORT=3001 npm start.`);
  } else {
    console.error('\nStart-up failed:', error);
  }
  process.exit(1);
});
