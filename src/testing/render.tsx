// The one way tests render the app: the real router at a path, or one component with the providers
// (Mantine, notifications, AuthProvider, the query cache) inside a router. Both against the real local stack.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, type InitialEntry } from 'react-router-dom';
import { AppProvider } from '@/app/provider';
import { routes } from '@/app/router';
import { QueryProvider } from '@/lib/query-client';

/** The whole app (every route, lazy chunks and guards) at `route`. */
export function renderApp(route: InitialEntry = '/') {
  const router = createMemoryRouter(routes, { initialEntries: [route] });
  const user = userEvent.setup();
  const result = render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...result, router, user };
}

/** One component inside the providers and a router at `route` (other paths render their path as text). */
export function renderWithProviders(ui: ReactElement, { route = '/' }: { route?: string } = {}) {
  const router = createMemoryRouter(
    [
      { path: route.split(/[?#]/)[0], element: ui },
      { path: '*', Component: CurrentPath },
    ],
    { initialEntries: [route] },
  );
  const user = userEvent.setup();
  const result = render(
    <AppProvider>
      <QueryProvider>
        <RouterProvider router={router} />
      </QueryProvider>
    </AppProvider>,
  );
  return { ...result, router, user };
}

function CurrentPath() {
  return <p>Navigated to {window.location.pathname}</p>;
}
