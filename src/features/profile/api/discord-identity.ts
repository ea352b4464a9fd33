// The account's Discord identity: read from Auth's identities, linked through Discord (Auth sends the
// person there and back to /login/callback?next=/profile), unlinked while another way in remains.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserIdentity } from '@supabase/supabase-js';
import { toAppError } from '@/lib/errors';
import { paths } from '@/config/paths';
import { profileKeys } from '@/features/profile/api/query-keys';

export async function getIdentities(): Promise<UserIdentity[]> {
  const { supabase } = await import('@/lib/supabase');
  const { data, error } = await supabase.auth.getUserIdentities();
  if (error) throw toAppError(error);
  return data.identities;
}

export function useIdentities(userId: string | undefined) {
  return useQuery({ queryKey: profileKeys.identities(userId), queryFn: getIdentities, enabled: !!userId });
}

/** The name Discord shows for the linked account. */
export function discordName(identity: UserIdentity): string {
  const data = identity.identity_data ?? {};
  const global = (data.custom_claims as { global_name?: string } | undefined)?.global_name;
  return global || (data.full_name as string | undefined) || (data.name as string | undefined) || 'Discord';
}

export async function linkDiscord(): Promise<void> {
  const { supabase } = await import('@/lib/supabase');
  const next = new URLSearchParams({ next: paths.profile });
  const { error } = await supabase.auth.linkIdentity({
    provider: 'discord',
    options: { redirectTo: `${window.location.origin}${paths.authCallback}?${next}` },
  });
  if (error) throw toAppError(error);
}

export function useUnlinkDiscord(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (identity: UserIdentity) => {
      const { supabase } = await import('@/lib/supabase');
      const { error } = await supabase.auth.unlinkIdentity(identity);
      if (error) throw toAppError(error);
      // The new providers are in the next token.
      await supabase.auth.refreshSession();
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.identities(userId) }),
  });
}
