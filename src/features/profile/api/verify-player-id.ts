// Proving the player ID in the game through the verify-player-id function (the Edge Function on
// hosted Supabase, the local server's endpoint of the same path): whether it is on, starting a check
// (the icon to set in the game) and completing it. Called with fetch: supabase-js's Functions client
// is left out of the app's build.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { env } from '@/config/env';
import { supabase } from '@/lib/supabase';
import { AppError } from '@/lib/errors';
import { profileKeys } from '@/features/profile/api/query-keys';

export type PlayerIdCheck =
  | {
      status: 'pending';
      player_id: string;
      in_game_name: string;
      icon: { id: number; name: string };
      expires_at: string;
    }
  | { status: 'verified'; player_id: string; in_game_name: string };

async function call<T>(init: { method: 'GET' | 'POST'; body?: Record<string, unknown> }): Promise<T> {
  const { data } = await supabase.auth.getSession();
  const res = await fetch(`${env.SUPABASE_URL}/functions/v1/verify-player-id`, {
    method: init.method,
    headers: {
      apikey: env.SUPABASE_ANON_KEY,
      Authorization: `Bearer ${data.session?.access_token ?? env.SUPABASE_ANON_KEY}`,
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
    },
    body: init.body ? JSON.stringify(init.body) : undefined,
  });
  const body = (await res.json().catch(() => ({}))) as { message?: string; code?: string };
  if (!res.ok) {
    // The function answers a rule's refusal with its code and message (supabase/schemas/errors.sql).
    throw new AppError(body.message ?? 'The check could not be made: try again.', {
      code: body.code,
      status: res.status,
      userFacing: body.message !== undefined,
    });
  }
  return body as T;
}

export function usePlayerIdVerification() {
  return useQuery({
    queryKey: profileKeys.verification,
    queryFn: () => call<{ enabled: boolean }>({ method: 'GET' }),
    staleTime: Infinity,
  });
}

/** `playerId` starts a check of that ID; without it, the pending check is completed. */
export function useCheckPlayerId(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (playerId?: string) =>
      call<PlayerIdCheck>({ method: 'POST', body: playerId === undefined ? {} : { player_id: playerId } }),
    onSuccess: (check) => {
      if (check.status === 'verified') void queryClient.invalidateQueries({ queryKey: profileKeys.profile(userId) });
    },
  });
}
