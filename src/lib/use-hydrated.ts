// Whether the page is past hydration. The build prerenders some screens (vite.config.ts): what they
// render first must match that HTML, so anything that only the browser can render (lazily loaded
// parts, data) waits for this to turn true. In a page that was not prerendered it is true at once.
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/** False on the server and while hydrating prerendered HTML, true in the browser after that. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
