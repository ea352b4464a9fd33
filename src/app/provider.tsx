// Everything the app runs inside: Mantine (dark theme), notifications and the signed-in user.
// The router sits inside this (main.tsx), so screens can use all three.
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { theme } from '@/app/theme';
import { AuthProvider } from '@/lib/auth';

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="dark" forceColorScheme="dark">
      <Notifications position="top-right" />
      <AuthProvider>{children}</AuthProvider>
    </MantineProvider>
  );
}
