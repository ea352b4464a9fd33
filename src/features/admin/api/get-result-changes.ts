// The result audit log of a tournament (match_result_changes, administrators only): who changed which
// match's result, when, and what it was before and after; newest first, with the changer's username.
import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { Tables } from '@/types/database';
import { adminKeys } from './query-keys';

/** The result fields the log keeps (private.result_of). */
export type LoggedResult = {
  games: { winner: 1 | 2 }[] | null;
  team1_score: number | null;
  team2_score: number | null;
  winner_id: string | null;
  result_reason: string | null;
  confirmed_at: string | null;
} | null;

export type ResultChange = Omit<Tables<'match_result_changes'>, 'before' | 'after'> & {
  before: LoggedResult;
  after: LoggedResult;
  changed_by_name: string | null;
};

export async function getResultChanges(tournamentId: string): Promise<ResultChange[]> {
  const { data } = await supabase
    .from('match_result_changes')
    .select('*')
    .eq('tournament_id', tournamentId)
    .order('changed_at', { ascending: false })
    .order('id', { ascending: false })
    .throwOnError();
  const ids = [...new Set(data.map((c) => c.changed_by).filter((id): id is string => id !== null))];
  const names = new Map<string, string>();
  if (ids.length > 0) {
    const { data: profiles } = await supabase.from('profiles').select('id, username').in('id', ids).throwOnError();
    for (const p of profiles) names.set(p.id, p.username);
  }
  // before and after are jsonb written by private.result_of.
  return data.map((c) => ({
    ...c,
    before: c.before as LoggedResult,
    after: c.after as LoggedResult,
    changed_by_name: c.changed_by ? (names.get(c.changed_by) ?? null) : null,
  }));
}

export function useResultChanges(tournamentId: string, enabled: boolean) {
  return useQuery({
    queryKey: adminKeys.resultChanges(tournamentId),
    queryFn: () => getResultChanges(tournamentId),
    enabled,
  });
}
