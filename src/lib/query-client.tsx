// The app's one TanStack Query cache for server state, and its provider. Mounted by the signed-in
// layout (not the landing page, which reads no data), and by the tests' render helper.
import type { ReactNode } from 'react';
import { useServerRender } from '@/lib/server-render';
import { hydrate, notifyManager, QueryClient, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { isTransient } from '@/lib/errors';

// Screens hear of new data in the same task as the answer, not on a timer (TanStack's default is
// setTimeout 0): timers are throttled in background tabs, and stopped under the journeys' paused
// clock, which fakes queueMicrotask as well - a resolved promise is never faked.
notifyManager.setScheduler((callback) => void Promise.resolve().then(callback));

/** The queries a server-rendered page came with (hydrateQueries): when the server read each, by hash. */
const fromServer = new Map<string, number>();
/**
 * How long the data a page came with counts as fresh: it was read for this very page (at most a
 * second before: server/ssr.ts), so the screen does not read it all again as it mounts; changes come
 * through Realtime, which reads again when it joins.
 */
const SERVER_DATA_FRESH_MS = 10_000;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: (query) => (fromServer.get(query.queryHash) === query.state.dataUpdatedAt ? SERVER_DATA_FRESH_MS : 0),
      // Two more tries, 1 s and 2 s apart, before a screen shows its error with Try again; a refusal
      // (permission, session, rate limit) is shown at once.
      retry: (failures, error) => failures < 2 && isTransient(error),
      retryDelay: (attempt) => 1000 * 2 ** attempt,
    },
  },
});

/** Puts the queries a page was rendered with on the server into the cache, before the page hydrates. */
export function hydrateQueries(state: DehydratedState): void {
  hydrate(queryClient, state);
  for (const query of state.queries) fromServer.set(query.queryHash, query.state.dataUpdatedAt);
}

export function QueryProvider({ children }: { children: ReactNode }) {
  // On the server, the request's own cache (never this module's, which every request would share).
  const client = useServerRender()?.queryClient ?? queryClient;
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

// Whoever signs out (here, in another tab, or by an ended session), what was read for them goes, so
// nothing of theirs shows to the next person on a shared computer. The client is imported
// dynamically (AuthProvider has it on the way already), so a screen that reads nothing does not wait
// for it (bench/bundle).
if (typeof window !== 'undefined') {
  void import('@/lib/supabase').then(({ supabase }) =>
    supabase.auth.onAuthStateChange((event) => {
      if (event === 'SIGNED_OUT') queryClient.clear();
    }),
  );
}
