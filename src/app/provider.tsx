// Everything the app runs inside: Mantine (dark theme), notifications, the signed-in user and, for
// a page the server rendered, what it rendered with (lib/server-render.ts). The router sits inside
// this (main.tsx, entry-server.tsx), so screens can use all of them.
import { lazy, Suspense, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { cssVariablesResolver, theme } from '@/app/theme';
import { AuthProvider } from '@/lib/auth';
import { HydratedProvider, useHydrated } from '@/lib/use-hydrated';
import { ServerRenderContext, type ServerRender } from '@/lib/server-render';

// The notifications container arrives after the first paint (no screen notifies on load), and after
// hydration of a prerendered screen.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

export function AppProvider({ children, server = null }: { children: ReactNode; server?: ServerRender | null }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="dark"
      forceColorScheme="dark"
    >
      <HydratedProvider>
        <LazyNotifications />
        <ServerRenderContext.Provider value={server}>
          <AuthProvider>{children}</AuthProvider>
        </ServerRenderContext.Provider>
      </HydratedProvider>
    </MantineProvider>
  );
}

function LazyNotifications() {
  const hydrated = useHydrated();
  return (
    hydrated && (
      <Suspense fallback={null}>
        {/* Below the page, never over the header: the navigation stays in reach while a toast shows. */}
        <Notifications position="bottom-right" />
      </Suspense>
    )
  );
}
