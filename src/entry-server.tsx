// The app rendered to HTML outside the browser, with the app's own routes and providers so that
// src/main.tsx hydrates it without a mismatch: at build time for the static screens (vite.config.ts
// prerenders them), and by the server at request time for the screens whose first paint is data
// (server/ssr.ts; server/prerendered.ts lists them). Their public data is read as a visitor through
// the server's own Data API (lib/supabase-server.ts) and handed to the browser beside the markup.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { AppProvider } from '@/app/provider';
import { routes, type RouteHandle } from '@/app/router';
import type { ServerRender, ServerState } from '@/lib/server-render';

export { connectSupabase } from '@/lib/supabase-server';

async function markup(path: string, server: ServerRender | null): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://render.local')));
  if (context instanceof Response) throw new Error(`render: ${path} redirects`);
  if (server?.queryClient) {
    for (const match of context.matches) {
      await (match.route.handle as RouteHandle | undefined)?.prefetch?.(server.queryClient, match.params);
    }
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  // hydrate={false}: no inline hydration script (the page's CSP allows none); main.tsx loads the
  // matched routes' code before it hydrates instead.
  return renderToString(
    <StrictMode>
      <AppProvider server={server}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
}

/** The markup of the app at `path` as a visitor without a session first sees it, without data (build time). */
export function render(path: string): Promise<string> {
  return markup(path, null);
}

/**
 * The markup of the app at `path` with the public data its screen reads first (lib/supabase-server.ts
 * must be connected), and the state the browser hydrates it with.
 */
export async function renderPage(path: string, now = new Date()): Promise<{ markup: string; state: ServerState }> {
  // One cache per request. No retries: the browser reads again what the server could not.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  try {
    const html = await markup(path, { now, queryClient });
    return { markup: html, state: { now: now.toISOString(), queries: dehydrate(queryClient) } };
  } finally {
    queryClient.clear();
  }
}
