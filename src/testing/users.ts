// Test people, made through the real Auth API of the test stack: a fresh player per test, the
// stack's administrator, and a service-role client for setting up data.
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import { supabase } from '@/lib/supabase';
import { freshGameId } from '@/testing/fixtures';

export interface TestUser {
  id: string;
  email: string;
  password: string;
  username: string;
  gameId: string;
}

function random(length: number, alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789'): string {
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(Math.random() * alphabet.length)];
  return out;
}

export function freshEmail(prefix = 'player'): string {
  return `${prefix}-${random(10, 'abcdefghijklmnopqrstuvwxyz0123456789')}@example.com`;
}

export { freshGameId };

/** A client of its own (no stored session), so setting up data does not sign the app in. */
export function standaloneClient(key: string = inject('anonKey')): SupabaseClient {
  return createClient(inject('supabaseUrl'), key, {
    auth: {
      persistSession: false,
      autoRefreshToken: false,
      detectSessionInUrl: false,
      storageKey: `test-${random(8)}`,
    },
  });
}

export function serviceClient(): SupabaseClient {
  return standaloneClient(inject('serviceKey'));
}

/** Signs up a new player through the Auth API (not signed in in the app). */
export async function createTestUser(overrides: Partial<Omit<TestUser, 'id'>> = {}): Promise<TestUser> {
  const email = overrides.email ?? freshEmail();
  const password = overrides.password ?? `pw-${random(12)}`;
  const username = overrides.username ?? `player_${random(6)}`;
  const gameId = overrides.gameId ?? freshGameId();
  const { data, error } = await standaloneClient().auth.signUp({
    email,
    password,
    options: { data: { username, game_id: gameId } },
  });
  if (error || !data.user) throw new Error(`createTestUser: ${error?.message ?? 'no user'}`);
  return { id: data.user.id, email, password, username, gameId };
}

/** Signs the app's own client in (the rendered app then sees the session). */
export async function signInApp(user: { email: string; password: string }): Promise<void> {
  const { error } = await supabase.auth.signInWithPassword({ email: user.email, password: user.password });
  if (error) throw new Error(`signInApp: ${error.message}`);
}

/** A new player, signed in in the app. */
export async function signedInUser(overrides: Partial<Omit<TestUser, 'id'>> = {}): Promise<TestUser> {
  const user = await createTestUser(overrides);
  await signInApp(user);
  return user;
}

/** The stack's administrator (created from ADMIN_EMAIL/ADMIN_PASSWORD on the fresh database). */
export function adminCredentials(): { email: string; password: string } {
  return { email: inject('adminEmail'), password: inject('adminPassword') };
}

export async function signedInAdmin(): Promise<{ email: string; password: string }> {
  const admin = adminCredentials();
  await signInApp(admin);
  return admin;
}

/** A client of its own (not the app's) signed in as this user: another person acting on the stack. */
export async function signedInClient(user: { email: string; password: string }): Promise<SupabaseClient> {
  const client = standaloneClient();
  const { error } = await client.auth.signInWithPassword(user);
  if (error) throw new Error(`signedInClient: ${error.message}`);
  return client;
}

let admin: Promise<SupabaseClient> | null = null;
/** The administrator, signed in once per test file on a client of its own. */
export function adminClient(): Promise<SupabaseClient> {
  admin ??= signedInClient(adminCredentials());
  return admin;
}
