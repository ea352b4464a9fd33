// Whether the page is past hydration. Some screens arrive as HTML (prerendered at build time, or
// rendered by the server: server/prerendered.ts): what they render first must match that HTML, so
// anything that only the browser can render (lazily loaded parts, data, the viewer's own clock)
// waits for this to turn true. In a page the browser rendered from scratch it is true at once.
import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import { HYDRATED_EVENT } from '@/lib/page-ids';

let hydrating = false;

/** main.tsx: the page's HTML is about to be hydrated. */
export function setHydrating(value: boolean): void {
  hydrating = value;
}

const browserRender = () => typeof window !== 'undefined' && !hydrating;

const HydratedContext = createContext<boolean | null>(null);

/**
 * One flag for the whole app (AppProvider), so hydration ends in one update: a transition, which
 * React renders in slices the browser can come in between, not in one task right after hydration (a
 * mid-range phone would block for over 100 ms: bench/lighthouse).
 */
export function HydratedProvider({ children }: { children: ReactNode }) {
  const [hydrated, setHydrated] = useState(browserRender);
  useEffect(() => {
    // This effect runs after every screen's own: screens that mount from now on render at once, and
    // src/boot.ts hands over what was tapped before the app had taken the page over.
    hydrating = false;
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return <HydratedContext.Provider value={hydrated}>{children}</HydratedContext.Provider>;
}

/** False on the server and while hydrating, true in the browser after that. */
export function useHydrated(): boolean {
  return useContext(HydratedContext) ?? browserRender();
}
