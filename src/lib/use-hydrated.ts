// Whether the page is past hydration. Some screens arrive as HTML (prerendered at build time, or
// rendered by the server: server/prerendered.ts): what they render first must match that HTML, so
// anything that only the browser can render (lazily loaded parts, data, the viewer's own clock)
// waits for this to turn true. In a page the browser rendered from scratch it is true at once.
import { startTransition, useEffect, useState } from 'react';

let hydrating = false;

/** main.tsx: the page's HTML is being hydrated (true) or has been (false). */
export function setHydrating(value: boolean): void {
  hydrating = value;
}

/** False on the server and while hydrating, true in the browser after that. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(() => typeof window !== 'undefined' && !hydrating);
  useEffect(() => {
    // A transition: what appears now is rendered in slices the browser can come in between, not in
    // one task right after hydration (a mid-range phone would block for over 100 ms: bench/lighthouse).
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
