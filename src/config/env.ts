// The app's configuration, checked once at start-up. The local stack injects its anon key into
// index.html (window.__BRAWLCUP_CONFIG__) and says its API is on the page's own origin; a static
// build for hosted Supabase uses VITE_ vars. Checked by hand, not with zod: every screen waits for
// this (through lib/supabase.ts), and zod is 23 KB gzip that only forms and some reads need.

declare global {
  interface Window {
    __BRAWLCUP_CONFIG__?: Record<string, string | undefined>;
  }
}

export type Env = {
  SUPABASE_URL: string;
  SUPABASE_ANON_KEY: string;
  CONTACT_FORM_URL?: string;
  ADSENSE_CLIENT?: string;
  ADSENSE_SLOT?: string;
};

type Source = Record<string, string | undefined>;

/**
 * The configuration from what the page was handed (`injected`), the build's VITE_ vars and the page's
 * own origin. When the server that sent the page also serves the API (`API_SAME_ORIGIN`), the API is
 * at the page's origin: behind an HTTPS proxy the server only sees http, and an http:// API URL on an
 * https page would be blocked as mixed content.
 */
export function resolveEnv(injected: Source, vite: Source, pageOrigin: string | undefined): Env {
  const raw = {
    SUPABASE_URL:
      (injected.API_SAME_ORIGIN === 'true' ? pageOrigin : undefined) ||
      injected.SUPABASE_URL ||
      vite.VITE_SUPABASE_URL ||
      pageOrigin,
    SUPABASE_ANON_KEY: injected.SUPABASE_ANON_KEY || vite.VITE_SUPABASE_ANON_KEY,
    CONTACT_FORM_URL: injected.CONTACT_FORM_URL || vite.VITE_CONTACT_FORM_URL || undefined,
    ADSENSE_CLIENT: injected.ADSENSE_CLIENT || vite.VITE_ADSENSE_CLIENT || undefined,
    ADSENSE_SLOT: injected.ADSENSE_SLOT || vite.VITE_ADSENSE_SLOT || undefined,
  };
  const problems: string[] = [];
  if (!isUrl(raw.SUPABASE_URL))
    problems.push('SUPABASE_URL: VITE_SUPABASE_URL must be the project URL, e.g. https://xyz.supabase.co');
  if ((raw.SUPABASE_ANON_KEY ?? '').length < 20)
    problems.push('SUPABASE_ANON_KEY: VITE_SUPABASE_ANON_KEY must be the project anon key');
  if (raw.CONTACT_FORM_URL !== undefined && !isUrl(raw.CONTACT_FORM_URL))
    problems.push('CONTACT_FORM_URL: Invalid URL');
  if (problems.length) throw new Error(`BrawlCup is not configured:\n${problems.map((p) => `- ${p}`).join('\n')}`);
  return raw as Env;
}

function isUrl(value: string | undefined): boolean {
  if (!value) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

function read(): Env {
  const browser = typeof window !== 'undefined';
  return resolveEnv(
    (browser && window.__BRAWLCUP_CONFIG__) || {},
    import.meta.env as Source,
    browser ? window.location.origin : undefined,
  );
}

export const env: Env = read();
