// The only script of a prerendered screen (vite.config.ts puts it in dist/prerendered/*.html instead
// of the app's entry): the screen is painted from its HTML, and the app (React, the router, Mantine:
// bench/bundle) is fetched afterwards and hydrates it, once something needs it: a stored session
// (the landing page then offers "Go to tournaments", the sign-in forms send a signed-in visitor on),
// the visitor scrolling toward the part only the app fills in (an element marked data-boot-near: on
// the landing page, the recent winners go above it, the ad below), or the visitor's first
// interaction (pointer, touch, key, focus). A link followed before then is a plain link; the sign-in
// forms' submit button stays disabled until then.
let started = false;

function start() {
  if (started) return;
  started = true;
  void import('./main');
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

if (hasSession()) afterPaint();
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
