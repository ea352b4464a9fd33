// The app's entry: styles, providers, router. A screen the build prerendered (dist/prerendered/,
// #root marked data-prerendered) is hydrated once its route's code is here; any other starts empty.
import '@/app/styles';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { matchRoutes, RouterProvider, type RouteObject } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { createAppRouter, routes } from '@/app/router';

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
  const app = (
    <StrictMode>
      <AppProvider>
        <RouterProvider router={createAppRouter()} />
      </AppProvider>
    </StrictMode>
  );
  if (prerendered) hydrateRoot(container, app);
  else {
    container.replaceChildren();
    const root = createRoot(container);
    // As a transition, React renders the first screen in slices and lets the browser in between,
    // instead of in one task that blocks the page (on a mid-range phone, over a second on /home).
    startTransition(() => root.render(app));
  }
}

// Chromium sets up its ICU data on a page's first Intl formatter, whichever it is (~45 ms on a
// mid-range phone: bench/lighthouse/README.md). Done now, in a task of its own, that set-up does not
// lengthen the task of the first screen's module that formats dates (src/lib/schedule.ts).
setTimeout(() => new Intl.DateTimeFormat('en-GB'), 0);
void start();
