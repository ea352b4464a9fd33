// The app's entry: styles, providers, router. A screen that came as HTML (prerendered by the build,
// or rendered by the server with its data: #root marked data-prerendered) is hydrated once its
// route's code is here, in steps that each leave the page free to paint and answer input; any other
// starts empty.
import '@/app/styles';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { createAppRouter, routes } from '@/app/router';
import { setHydrating } from '@/lib/use-hydrated';
import { SERVER_STATE_ID, type ServerRender, type ServerState } from '@/lib/server-render';
import { yieldTask } from '@/lib/yield-task';

/**
 * Loads the lazy routes that match the address and puts their components in place, so the router's
 * first render is the prerendered screen and not the loading fallback (which would not match the HTML).
 */
async function loadMatchedRoutes(pathname: string): Promise<void> {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const lazy = route.lazy;
    if (typeof lazy !== 'function') continue;
    Object.assign(route, await lazy(), { lazy: undefined } satisfies Partial<RouteObject>);
    await yieldTask();
  }
}

/**
 * A page the server rendered with data (server/ssr.ts) hands it over as JSON: its queries go into the
 * app's cache before hydration, so the first render is the server's. Null for any other page, or when
 * the JSON cannot be read (the page is then rendered afresh).
 */
async function serverRender(): Promise<ServerRender | null | 'unreadable'> {
  const json = document.getElementById(SERVER_STATE_ID)?.textContent;
  if (!json) return null;
  try {
    const state = JSON.parse(json) as ServerState;
    const now = new Date(state.now);
    if (Number.isNaN(now.getTime())) return 'unreadable';
    const { hydrateQueries } = await import('@/lib/query-client');
    hydrateQueries(state.queries);
    return { now };
  } catch {
    return 'unreadable';
  }
}

async function start() {
  // Not in the task that ran the app's modules.
  await yieldTask();
  const container = document.getElementById('root')!;
  let prerendered = container.dataset.prerendered === window.location.pathname;
  const server = prerendered ? await serverRender() : null;
  if (server === 'unreadable') prerendered = false;
  if (prerendered) {
    await yieldTask();
    await loadMatchedRoutes(window.location.pathname).catch(() => undefined);
  }
  const router = createAppRouter();
  if (prerendered) await yieldTask();
  setHydrating(prerendered);
  const app = (
    <StrictMode>
      <AppProvider server={server === 'unreadable' ? null : server}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );
  // Both as a transition: React renders (or hydrates) the first screen in slices and lets the browser
  // in between, instead of in one task that blocks the page (on a mid-range phone, over 100 ms).
  if (prerendered) startTransition(() => void hydrateRoot(container, app));
  else {
    container.replaceChildren();
    const root = createRoot(container);
    startTransition(() => root.render(app));
  }
}

void start();
