// The app's one TanStack Query cache for server state, and its provider. Mounted by the signed-in
// layout (not the landing page, which reads no data), and by the tests' render helper.
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { isTransient } from '@/lib/errors';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // Two more tries, 1 s and 2 s apart, before a screen shows its error with Try again; a refusal
      // (permission, session, rate limit) is shown at once.
      retry: (failures, error) => failures < 2 && isTransient(error),
      retryDelay: (attempt) => 1000 * 2 ** attempt,
    },
  },
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
