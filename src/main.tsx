// The app's entry: styles, providers, router. A screen the build prerendered (dist/prerendered/,
// #root marked data-prerendered) is hydrated once its route's code is here; any other starts empty.
import '@/app/styles';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { createAppRouter, routes } from '@/app/router';
import { setHydrating } from '@/lib/use-hydrated';

/**
 * Loads the lazy routes that match the address and puts their components in place, so the router's
 * first render is the prerendered screen and not the loading fallback (which would not match the HTML).
 */
async function loadMatchedRoutes(pathname: string): Promise<void> {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const lazy = route.lazy;
    if (typeof lazy !== 'function') continue;
    Object.assign(route, await lazy(), { lazy: undefined } satisfies Partial<RouteObject>);
  }
}

async function start() {
  const container = document.getElementById('root')!;
  const prerendered = container.dataset.prerendered === window.location.pathname;
  if (prerendered) await loadMatchedRoutes(window.location.pathname).catch(() => undefined);
  setHydrating(prerendered);
  const app = (
    <StrictMode>
      <AppProvider>
        <RouterProvider router={createAppRouter()} />
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
