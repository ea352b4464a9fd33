// The prerendered landing page's only script (vite.config.ts puts it in dist/prerendered/landing.html
// instead of the app's entry). The page is painted from its HTML and its links work as plain links,
// so the app (React, the router, Mantine: bench/bundle) is fetched once the page has loaded and the
// browser is idle, or as soon as the visitor starts to interact, and then hydrates the page.
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

if (document.readyState === 'complete') whenIdle();
else addEventListener('load', whenIdle, { once: true });
for (const type of ['pointerdown', 'keydown', 'touchstart', 'focusin'])
  addEventListener(type, start, { once: true, passive: true, capture: true });
