// Runs before each app test file: points the app at the test stack (before any app module loads,
// hence the dynamic imports below), adds jest-dom matchers and the browser APIs Mantine needs in jsdom.
import '@testing-library/jest-dom/vitest';
import { afterEach, inject } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import NodeWebSocket from 'ws';

window.__BRAWLCUP_CONFIG__ = {
  SUPABASE_URL: inject('supabaseUrl'),
  SUPABASE_ANON_KEY: inject('anonKey'),
};

// Route chunks are transformed on first use and the stack answers over real HTTP: wait longer than 1 s.
configure({ asyncUtilTimeout: 15_000 });

const { getComputedStyle } = window;
window.getComputedStyle = (element: Element) => getComputedStyle(element);
window.HTMLElement.prototype.scrollIntoView = () => {};
window.scrollTo = (() => {}) as typeof window.scrollTo;

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

// jsdom's WebSocket wraps undici's, which dispatches jsdom Events on a Node EventTarget and throws on
// open; Realtime (the live tournament list) needs a working one: use ws.
globalThis.WebSocket = NodeWebSocket as unknown as typeof globalThis.WebSocket;

// Textarea autosize listens for web fonts loading; jsdom has no document.fonts.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}

class ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserver as unknown as typeof window.ResizeObserver;

type Impl = { _list: { ownerNode?: { isConnected: boolean } | null }[] };
/**
 * jsdom (29) keeps the style sheet of every <style> element ever attached in document.styleSheets,
 * removed or not, and every getComputedStyle (Testing Library's role queries call it for each
 * element) reads them all: without this, each query in a file grew slower with every test before
 * it (and with every file, where files share a document: vitest.config.ts).
 */
function dropDetachedStyleSheets(): void {
  const list = document.styleSheets as unknown as Record<symbol, Impl | undefined>;
  const impl = list[Object.getOwnPropertySymbols(list).find((s) => s.description === 'impl')!];
  if (impl) impl._list = impl._list.filter((sheet) => sheet.ownerNode?.isConnected);
}

afterEach(async () => {
  cleanup();
  dropDetachedStyleSheets();
  // Every test starts with an empty cache: nothing read for one test's person shows in the next.
  const { queryClient } = await import('@/lib/query-client');
  queryClient.clear();
  // Every test starts signed out: the app's one client forgets its session.
  const { supabase } = await import('@/lib/supabase');
  await supabase.auth.signOut({ scope: 'local' });
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});
