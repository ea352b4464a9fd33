// The app's configuration, parsed once at start-up. The local stack injects its anon key into
// index.html (window.__BRAWLCUP_CONFIG__) and says its API is on the page's own origin; a static
// build for hosted Supabase uses VITE_ vars.
import { z } from '@/lib/zod';

declare global {
  interface Window {
    __BRAWLCUP_CONFIG__?: Record<string, string | undefined>;
  }
}

const schema = z.object({
  SUPABASE_URL: z.url({ message: 'VITE_SUPABASE_URL must be the project URL, e.g. https://xyz.supabase.co' }),
  SUPABASE_ANON_KEY: z.string().min(20, { message: 'VITE_SUPABASE_ANON_KEY must be the project anon key' }),
  CONTACT_FORM_URL: z.url().optional(),
  ADSENSE_CLIENT: z.string().optional(),
  ADSENSE_SLOT: z.string().optional(),
});

export type Env = z.infer<typeof schema>;

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
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const list = parsed.error.issues.map((i) => `- ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`BrawlCup is not configured:\n${list}`);
  }
  return parsed.data;
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
