// BrawlCup's service worker: shows the pushes the dispatcher sends (supabase/functions/notify-dispatch)
// and opens the page a notification links to. It has no fetch handler: every page, prerendered or
// not, comes from the network as before, and the page's CSP applies unchanged.

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

/** Only paths on this site: a push never opens another origin. */
function sitePath(url) {
  return typeof url === 'string' && /^\/(?![/\\])/.test(url) ? url : '/notifications';
}

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: 'BrawlCup', body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'BrawlCup';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: sitePath(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(sitePath(event.notification.data && event.notification.data.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
      if (open) {
        // Focusing needs the click's user activation; without it the page still goes to the link.
        await open.focus().catch(() => {});
        // navigate() needs a page this worker controls; one opened before it was installed is not.
        const navigated = await open.navigate(url).catch(() => null);
        if (navigated) return navigated;
      }
      return self.clients.openWindow(url);
    })(),
  );
});
