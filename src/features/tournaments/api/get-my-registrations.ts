// Which tournaments the signed-in player has already registered for: their own teams (RLS shows a
// player only the teams they registered).
import { useCallback, useEffect, useState } from 'react';
import { supabase } from '@/lib/supabase';
import { unwrap } from '@/lib/errors';
import { useAuth } from '@/lib/auth';

/** Shown when the own-teams query fails (spec section 8). */
export const REGISTRATION_STATUS_ERROR = 'Error checking registration status';

export async function getMyRegistrations(userId: string): Promise<string[]> {
  const rows = unwrap(await supabase.from('teams').select('tournament_id').eq('registered_by', userId)) as
    | { tournament_id: string }[]
    | null;
  return (rows ?? []).map((r) => r.tournament_id);
}

export type MyRegistrationsState = {
  /** Tournament ids the player registered for. */
  registered: ReadonlySet<string>;
  loading: boolean;
  error: string | null;
  /** Marks a tournament registered right after a successful submit, without a round trip. */
  markRegistered: (tournamentId: string) => void;
};

export function useMyRegistrations(): MyRegistrationsState {
  const { user, loading: authLoading } = useAuth();
  const userId = user?.id ?? null;
  const [registered, setRegistered] = useState<ReadonlySet<string>>(() => new Set());
  const [loading, setLoading] = useState(Boolean(userId));
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    setRegistered(new Set());
    setError(null);
    if (!userId) {
      setLoading(false);
      return;
    }
    setLoading(true);
    getMyRegistrations(userId)
      .then((ids) => {
        if (active) setRegistered((prev) => new Set([...prev, ...ids]));
      })
      .catch(() => {
        if (active) setError(REGISTRATION_STATUS_ERROR);
      })
      .finally(() => {
        if (active) setLoading(false);
      });
    return () => {
      active = false;
    };
  }, [userId]);

  const markRegistered = useCallback((tournamentId: string) => {
    setRegistered((prev) => new Set([...prev, tournamentId]));
  }, []);

  // Until the session and the player's teams are known, a card cannot say whether to offer Register Now.
  return { registered, loading: authLoading || loading, error, markRegistered };
}
