// Build-time prerendering (vite.config.ts runs it once after the client build): the HTML of the
// static screens, rendered with the app's own routes and providers so that src/main.tsx hydrates it
// without a mismatch. Nothing here runs in the browser or on the server at request time.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';

/** The markup of the app at `path` as a visitor without a session first sees it. */
export async function render(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`prerender: ${path} redirects`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // hydrate={false}: no inline hydration script (the page's CSP allows none); main.tsx loads the
  // matched routes' code before it hydrates instead.
  return renderToString(
    <StrictMode>
      <AppProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>,
  );
}
