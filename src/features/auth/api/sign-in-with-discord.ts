// Signing in (or up) with Discord through Supabase Auth: Auth sends the person to Discord and back to
// /login/callback, which keeps where they were going (`next`), and reads any error Auth sent back.
import { toAppError } from '@/lib/errors';
import { paths } from '@/config/paths';

/** Where Auth sends the person back: the callback screen, with the same-site `next` it was given. */
export function discordCallbackUrl(next: string | undefined): string {
  const query = next ? `?${new URLSearchParams({ next })}` : '';
  return `${window.location.origin}${paths.authCallback}${query}`;
}

/** Leaves for Discord (the page is replaced); throws only when Auth cannot be asked. */
export async function signInWithDiscord(next: string | undefined): Promise<void> {
  const { supabase } = await import('@/lib/supabase');
  const { error } = await supabase.auth.signInWithOAuth({
    provider: 'discord',
    options: { redirectTo: discordCallbackUrl(next) },
  });
  if (error) throw toAppError(error);
}

export type RedirectError = { error: string; code?: string; description?: string };

/** The error Auth put on a redirect (GoTrue's `error`, `error_code`, `error_description`, query or fragment). */
export function redirectError(search: string, hash: string): RedirectError | undefined {
  const params = new URLSearchParams(search);
  for (const [key, value] of new URLSearchParams(hash.replace(/^#/, ''))) params.set(key, value);
  const error = params.get('error') ?? (params.get('error_code') ? 'server_error' : null);
  if (!error) return undefined;
  return {
    error,
    code: params.get('error_code') ?? undefined,
    description: params.get('error_description') ?? undefined,
  };
}

export const DISCORD_CANCELLED = 'Discord sign-in was cancelled. Try again, or sign in with your email.';
export const DISCORD_EXPIRED = 'This sign-in took too long or was already used. Please sign in again.';
export const DISCORD_TAKEN = 'That Discord account is already linked to another BrawlCup account.';
export const DISCORD_FAILED = "Signing in with Discord didn't work. Please try again in a moment.";

/** What a person reads about a failed Discord sign-in; Auth's own words are for developers. */
export function discordErrorMessage(e: RedirectError): string {
  switch (e.code) {
    case 'bad_oauth_state':
    case 'bad_oauth_callback':
    case 'flow_state_expired':
    case 'flow_state_already_used':
    case 'flow_state_not_found':
      return DISCORD_EXPIRED;
    case 'identity_already_exists':
      return DISCORD_TAKEN;
    case 'provider_email_needs_verification':
      return 'Verify your email address with Discord first, then try again.';
    case 'signup_disabled':
      return 'New accounts cannot be created right now.';
    case 'user_banned':
      return 'This account is suspended.';
  }
  return e.error === 'access_denied' ? DISCORD_CANCELLED : DISCORD_FAILED;
}
