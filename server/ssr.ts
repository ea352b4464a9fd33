// Server rendering of the screens whose first paint is data (server/prerendered.ts, ROUTE_CHUNKS with
// a `page`): /home's grid and a tournament's page arrive as HTML with their data, so a phone paints
// them before the app's JavaScript has even arrived, and the app hydrates them (src/main.tsx). The
// render is the app's own (src/entry-server.tsx, built into dist/ssr/ by `vite build`), reading as a
// visitor through this server's Data API in-process: the same queries, role and RLS as the browser.
//
// Every visitor gets the same HTML for a path (nothing of theirs is in it), so a render is kept for
// RENDER_TTL_MS and shared: however many people open /home, the server renders it about once a
// second. A render that takes longer than RENDER_DEADLINE_MS (a slow database) is not waited for:
// the page goes out as the plain app, which reads its data itself, and the render, once done, serves
// the next visitors. Any failure does the same. Hosted Supabase serves the built app as static files,
// without this: there the app reads its data in the browser, as every other screen does.
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { realpath } from 'node:fs/promises';
import { SERVER_ENTRY } from './prerendered.ts';
import { logError } from './shared/log.ts';
import type { ServerState } from '../src/lib/server-render.ts';

export type RenderedPage = { markup: string; state: ServerState };
/** The page for `path` rendered with its data, or null: send the plain app. */
export type PageRenderer = (path: string) => Promise<RenderedPage | null>;

type ServerEntry = {
  connectSupabase: (url: string, anonKey: string, fetch: typeof globalThis.fetch) => void;
  renderPage: (path: string, now?: Date) => Promise<RenderedPage>;
};

/** How long one render serves every visitor of its path. */
export const RENDER_TTL_MS = 1000;
/** How long a page waits for its render before it goes out without one. */
export const RENDER_DEADLINE_MS = 400;
/** Renders kept at once (a tournament page each); the oldest goes first. */
const MAX_KEPT = 200;

export function pageRenderer(
  staticDir: string,
  options: {
    /** Answers the render's Data API requests (the server's own app, in-process). */
    fetch: (request: Request) => Response | Promise<Response>;
    anonKey: string;
    ttlMs?: number;
    deadlineMs?: number;
  },
): PageRenderer {
  const { ttlMs = RENDER_TTL_MS, deadlineMs = RENDER_DEADLINE_MS } = options;
  const file = join(staticDir, SERVER_ENTRY);
  let entry: Promise<ServerEntry | null> | undefined;
  const kept = new Map<string, { until: number; page: Promise<RenderedPage | null> }>();

  // Loaded on the first request that needs it (npm start makes one right after start-up: server/main.ts).
  const load = () =>
    // By its real path: its chunks import it by theirs, and a build reached through a symbolic link
    // (a release folder, say) would otherwise be loaded twice, each copy with its own React.
    (entry ??= realpath(file)
      .then((path) => import(pathToFileURL(path).href))
      .then((module: ServerEntry) => {
        module.connectSupabase('http://in-process', options.anonKey, (input, init) =>
          Promise.resolve(options.fetch(new Request(input, init))),
        );
        return module;
      })
      .catch((error: NodeJS.ErrnoException) => {
        // No server build (an older dist/, or `npm run dev`): every page is the plain app.
        if (error.code !== 'ENOENT' && error.code !== 'ERR_MODULE_NOT_FOUND')
          logError('ssr', 'could not load the server render', error);
        return null;
      }));

  const render = async (path: string): Promise<RenderedPage | null> => {
    const module = await load();
    if (!module) return null;
    try {
      return await module.renderPage(path);
    } catch (error) {
      logError('ssr', `could not render ${path.slice(0, 100)}`, error);
      return null;
    }
  };

  return async (path) => {
    const now = Date.now();
    let hit = kept.get(path);
    if (!hit || hit.until <= now) {
      hit = { until: now + ttlMs, page: render(path) };
      kept.delete(path);
      kept.set(path, hit);
      for (const [key, value] of kept) {
        if (kept.size <= MAX_KEPT && value.until > now) break;
        kept.delete(key);
      }
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), deadlineMs)));
    try {
      return await Promise.race([hit.page, late]);
    } finally {
      clearTimeout(timer);
    }
  };
}
