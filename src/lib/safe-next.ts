// Where to go after signing in or up: a `?next=` from the address bar, kept only when it stays on this
// site, and carried on by every link between the sign-in screens.

/**
 * A `?next=` from the address bar as a path on this site, or undefined. Anyone can craft the link, so
 * only a same-site path passes: "//evil.example", "/\\evil.example" and "https://..." would send the
 * person elsewhere after signing in.
 */
export function safeNext(next: string | null | undefined): string | undefined {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return undefined;
  const base = 'https://brawlcup.invalid';
  let url: URL;
  try {
    url = new URL(next, base);
  } catch {
    return undefined;
  }
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : undefined;
}

/** `path` with `?next=`, so signing in or up from there still comes back to `next`. */
export function withNext(path: string, next: string | undefined): string {
  return next ? `${path}?${new URLSearchParams({ next })}` : path;
}
