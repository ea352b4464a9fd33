// Everything the app runs inside: Mantine (dark theme), notifications and the signed-in user.
// The router sits inside this (main.tsx), so screens can use all three.
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { cssVariablesResolver, theme } from '@/app/theme';
import { AuthProvider } from '@/lib/auth';
import { setHydrating, useHydrated } from '@/lib/use-hydrated';

// The notifications container arrives after the first paint (no screen notifies on load), and after
// hydration of a prerendered screen.
const Notifications = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));

export function AppProvider({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  // The page's HTML is hydrated once the app's outermost effect runs (after every screen's own):
  // screens that mount from now on render as the browser sees it at once.
  useEffect(() => setHydrating(false), []);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="dark"
      forceColorScheme="dark"
    >
      {hydrated && (
        <Suspense fallback={null}>
          <Notifications position="top-right" />
        </Suspense>
      )}
      <AuthProvider>{children}</AuthProvider>
    </MantineProvider>
  );
}
