// The user's choice per kind and channel (in-app, push, e-mail); kinds without a row take their
// defaults, which my_notification_preferences() fills in. E-mail is null when the site sends no mail.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/errors';

export type Preference = { kind: string; in_app: boolean; push: boolean; email: boolean | null };

export const preferencesKey = (userId: string) => ['notification-preferences', userId] as const;

export async function getPreferences(): Promise<Preference[]> {
  return unwrap(await supabase.rpc('my_notification_preferences')) ?? [];
}

export async function setPreference(preference: Preference): Promise<void> {
  unwrap(await supabase.from('notification_preferences').upsert(preference, { onConflict: 'user_id,kind' }));
}

export function usePreferences(userId: string) {
  return useQuery({ queryKey: preferencesKey(userId), queryFn: getPreferences });
}

export function useSetPreference(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPreference,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: preferencesKey(userId) }),
  });
}
