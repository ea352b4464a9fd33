// The only script of a prerendered screen (vite.config.ts puts it in dist/prerendered/*.html instead
// of the app's entry): the screen is painted from its HTML, so the app (React, the router, Mantine:
// bench/bundle) is fetched after that paint and then hydrates it. #root's data-load says when: "idle"
// (the landing page, whose links work as plain links: once the page has loaded and the browser is
// idle) or "paint" (the sign-in forms, which need the app: right after the first frame). Either way
// at once when the visitor starts to interact.
let started = false;

function start() {
  if (started) return;
  started = true;
  void import('./main');
}

function whenIdle() {
  if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 200);
}

if (document.getElementById('root')?.dataset.load === 'idle') {
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
} else {
  requestAnimationFrame(() => setTimeout(start, 0));
}
for (const type of ['pointerdown', 'keydown', 'touchstart', 'focusin'])
  addEventListener(type, start, { once: true, passive: true, capture: true });
