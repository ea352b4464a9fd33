// What the project's Auth offers (GET /auth/v1/settings, as on hosted Supabase): here, whether Sign in
// with Discord is turned on, so the sign-in screens and the profile offer it only then. Asked once per
// page load, without the query cache (the sign-in screens load without TanStack Query: bench/bundle).
import { useEffect, useState } from 'react';

type Settings = { external?: Record<string, boolean> };

let settings: Promise<Settings> | undefined;

export function getAuthSettings(): Promise<Settings> {
  // The configuration is read when first asked, not with the screen: a prerendered page gets it later.
  settings ??= import('@/config/env')
    .then(({ env }) => fetch(`${env.SUPABASE_URL}/auth/v1/settings`, { headers: { apikey: env.SUPABASE_ANON_KEY } }))
    .then(
      (response) => (response.ok ? (response.json() as Promise<Settings>) : {}),
      () => ({}),
    );
  return settings;
}

/** True once Auth has said Discord sign-in is on; false while asking, when off, or when it cannot be asked. */
export function useDiscordEnabled(): boolean {
  // False at first, as in the prerendered page the app hydrates.
  const [enabled, setEnabled] = useState(false);
  useEffect(() => {
    let active = true;
    void getAuthSettings().then((s) => active && setEnabled(s.external?.discord === true));
    return () => {
      active = false;
    };
  }, []);
  return enabled;
}
