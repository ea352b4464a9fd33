// The Supabase client of the server's own render (src/entry-server.tsx), which the server build puts
// in the place of lib/supabase.ts: a visitor's client (the anon key, no session, nothing stored) whose
// requests the local stack answers in-process (server/ssr.ts), so a page's first data is read with
// the same queries, the same role and the same row-level security as in the browser.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@/types/database';

export let supabase: SupabaseClient<Database>;

export function connectSupabase(url: string, anonKey: string, fetch: typeof globalThis.fetch): void {
  supabase = createClient<Database>(url, anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch },
  });
}
