// The only script of a page painted from its HTML (vite.config.ts puts it in dist/prerendered/*.html
// instead of the app's entry): a prerendered screen, or one the server rendered with its data. The
// screen is painted first, and the app (React, the router, Mantine: bench/bundle) is fetched afterwards
// and hydrates it, once something needs it: a screen the server rendered is live (counts move, its
// buttons act), so at once after the paint; a stored session (the landing page then offers "Go to
// tournaments", the sign-in forms send a signed-in visitor on); the visitor scrolling toward the part
// only the app fills in (an element marked data-boot-near: on the landing page, the recent winners go
// above it, the ad below), or the visitor's first interaction (pointer, touch, key, focus). A link
// followed before then is a plain link; a form sent before then (the sign-in forms' first tap, an
// autofilled form's Enter) is held and sent again once the app has hydrated it.
import { APP_LINKS_ID, HYDRATED_EVENT, SERVER_STATE_ID } from '@/lib/page-ids';
import { yieldTask } from '@/lib/yield-task';
import { safeNext, withNext } from '@/lib/safe-next';

let started = false;

function start() {
  if (started) return;
  started = true;
  // The links to the app's code and the screen's (a server-rendered page's template): fetched in
  // parallel rather than as each module finds its imports, and Vite's loader, finding them, adds
  // none of its own. One per task: adding one starts its fetch, or with the module in the browser's
  // cache compiles it there and then (up to 2 ms on a desktop, four times that on a phone).
  const template = document.getElementById(APP_LINKS_ID);
  const links = template instanceof HTMLTemplateElement ? [...template.content.children] : [];
  void (async () => {
    for (const link of links) {
      document.head.append(link);
      await yieldTask();
    }
    // The app's largest pieces one at a time, each compiled and run in a task of its own (together,
    // over 100 ms on a mid-range phone); the app's entry then finds them ready.
    await import('react-dom/client');
    await yieldTask();
    await import('./main');
  })();
}

function afterPaint() {
  requestAnimationFrame(() => setTimeout(start, 0));
}

/** A Supabase session kept by supabase-js (its storage key is sb-<host>-auth-token). */
function hasSession(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) if (/^sb-.+-auth-token$/.test(localStorage.key(i) ?? '')) return true;
  } catch {
    // Storage refused (privacy settings): no session to show.
  }
  return false;
}

/**
 * A screen the server rendered shows its buttons before the app can act on them. A button tapped
 * meanwhile (Register Now, say) is held, and pressed again once the app has hydrated the page, when
 * the same element has its handler: the tap is late, not lost. Links work as plain links already.
 */
function holdEarlyTaps() {
  const root = document.getElementById('root');
  const held: { button: HTMLElement; text: string; index: number }[] = [];
  const named = (text: string) =>
    [...(root?.querySelectorAll<HTMLElement>('button') ?? [])].filter((b) => b.textContent === text);
  const hold = (event: MouseEvent) => {
    const button = event.target instanceof Element ? event.target.closest<HTMLElement>('button') : null;
    if (!button || !root?.contains(button)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const text = button.textContent ?? '';
    held.push({ button, text, index: named(text).indexOf(button) });
  };
  // The app may render the part again once it knows the visitor (a signed-in player's own view, read
  // after the session): the tap then goes to the button of the same name in the same place, once it
  // is there (within 15 s: a phone on a slow network may take that long to read the player's entry).
  const press = ({ button, text, index }: (typeof held)[number], tries = 150) => {
    const target = button.isConnected ? button : named(text)[index];
    if (target) target.click();
    else if (tries > 0) setTimeout(() => press({ button, text, index }, tries - 1), 100);
  };
  document.addEventListener('click', hold, true);
  addEventListener(
    HYDRATED_EVENT,
    () => {
      document.removeEventListener('click', hold, true);
      for (const tap of held) press(tap);
    },
    { once: true },
  );
}

/**
 * The prerendered sign-in screens were rendered without the address's `?next=`: their links to each
 * other carry it from the start, so "Sign up" followed before the app arrives still leads back to the
 * shared tournament (the app renders the same addresses when it takes over).
 */
function carryNext() {
  const next = safeNext(new URLSearchParams(location.search).get('next'));
  if (!next) return;
  for (const path of ['/login', '/register'])
    for (const link of document.querySelectorAll<HTMLAnchorElement>(`#root a[href="${path}"]`))
      link.setAttribute('href', withNext(path, next));
}

carryNext();

/**
 * The sign-in forms are painted before the app can send them: a submission meanwhile (the first tap
 * on Sign in or Create Account, which also starts the app's fetch) is held, and the form is sent again
 * once the app has hydrated it and its handler reads the fields (typed or autofilled before then).
 */
function holdEarlySubmits() {
  const root = document.getElementById('root');
  const held = new Set<HTMLFormElement>();
  const hold = (event: SubmitEvent) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !root?.contains(form)) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    held.add(form);
    start();
  };
  document.addEventListener('submit', hold, true);
  addEventListener(
    HYDRATED_EVENT,
    () => {
      document.removeEventListener('submit', hold, true);
      for (const form of held) if (form.isConnected) form.requestSubmit();
    },
    { once: true },
  );
}

holdEarlySubmits();
if (document.getElementById(SERVER_STATE_ID)) {
  holdEarlyTaps();
  afterPaint();
} else if (hasSession()) afterPaint();
// The sign-in screens' Continue with Discord is the app's: when the server says Discord is on, at once.
else if (window.__BRAWLCUP_CONFIG__?.AUTH_DISCORD === 'on' && document.querySelector('#root [data-boot-discord]'))
  afterPaint();
else {
  const near = document.querySelector('#root [data-boot-near]');
  if (near && 'IntersectionObserver' in window) {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        start();
      },
      // Before it shows: the recent winners take a moment to arrive.
      { rootMargin: '0px 0px 200px 0px' },
    );
    observer.observe(near);
  } else if (near) afterPaint();
  // Nothing to fill in: the page waits for the visitor (the listeners below).
}
for (const type of ['pointerdown', 'keydown', 'touchstart', 'focusin'])
  addEventListener(type, start, { once: true, passive: true, capture: true });
