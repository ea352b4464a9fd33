// What a page rendered outside the browser carries into its first render (src/entry-server.tsx on
// the server, src/main.tsx when the browser hydrates that HTML): the moment it was rendered, and on
// the server the request's own query cache. Both renders must agree to the letter, so anything that
// would differ (the viewer's clock and zone, who is signed in) reads as the server saw it until the
// page has hydrated (lib/use-hydrated.ts).
import { createContext, useContext } from 'react';
import type { DehydratedState, QueryClient } from '@tanstack/react-query';

export type ServerRender = {
  /** When the server rendered the page. */
  now: Date;
  /** The server's per-request cache; in the browser the app's own (lib/query-client.tsx), filled from the page. */
  queryClient?: QueryClient;
};

export const ServerRenderContext = createContext<ServerRender | null>(null);

/** The page's server render, or null when the browser rendered it from scratch. */
export function useServerRender(): ServerRender | null {
  return useContext(ServerRenderContext);
}

export { SERVER_STATE_ID } from '@/lib/page-ids';

/** That JSON: when the page was rendered, and the queries it was rendered with. */
export type ServerState = { now: string; queries: DehydratedState };
