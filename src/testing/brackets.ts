// A started tournament for the bracket's tests, made the way it happens for real: an administrator
// creates it, each captain registers through register_team, the administrator checks the teams in,
// seeds them and starts it through start_tournament. Captains get clients of their own to play.
import type { SupabaseClient } from '@supabase/supabase-js';
import { createTestUser, signedInClient, type TestUser } from '@/testing/users';
import { createTournament, freshGameId, type Tournament } from '@/testing/data';
import { registerTeamAs, tag } from '@/testing/fixtures';
import { adminClient } from '@/testing/users';

export type Captain = TestUser & { client: SupabaseClient; teamId: string; teamName: string; seed: number };
export type StartedTournament = { tournament: Tournament; captains: Captain[] };

/** Starts a 2v2 tournament with `teams` teams seeded in order (captains[0] is seed 1). */
export async function startedTournament(
  format: 'single_elimination' | 'double_elimination' | 'round_robin' | 'swiss',
  teams: number,
  { bestOf = 1, topCut = null }: { bestOf?: 1 | 3 | 5; topCut?: number | null } = {},
): Promise<StartedTournament> {
  const tournament = await createTournament({ type: '2v2', slots: teams, format, best_of: bestOf, top_cut: topCut });
  const admin = await adminClient();
  const id = tag();
  const captains: Captain[] = [];
  for (let seed = 1; seed <= teams; seed++) {
    const user = await createTestUser();
    const client = await signedInClient(user);
    const teamName = `Team ${String.fromCharCode(64 + seed)} ${id}`;
    await registerTeamAs(client, tournament, {
      teamName,
      players: [
        { player_id: freshGameId(), in_game_name: `Ace ${String.fromCharCode(64 + seed)}` },
        { player_id: freshGameId(), in_game_name: `Pal ${String.fromCharCode(64 + seed)}` },
      ],
    });
    const { data, error } = await admin
      .from('teams')
      .select('id')
      .eq('tournament_id', tournament.id)
      .eq('registered_by', user.id)
      .single();
    if (error) throw new Error(`startedTournament: ${error.message}`);
    for (const [fn, args] of [
      ['set_check_in', { p_team_id: data.id, p_checked_in: true }],
      ['set_seed', { p_team_id: data.id, p_seed: seed }],
    ] as const) {
      const { error: rpcError } = await admin.rpc(fn, args);
      if (rpcError) throw new Error(`startedTournament ${fn}: ${rpcError.message}`);
    }
    captains.push({ ...user, client, teamId: data.id, teamName, seed });
  }
  const { error } = await admin.rpc('start_tournament', { p_tournament_id: tournament.id, p_seeding: 'manual' });
  if (error) throw new Error(`startedTournament start: ${error.message}`);
  return { tournament, captains };
}

/** The id of a match by its place in the bracket. */
export async function matchAt(
  tournamentId: string,
  place: { bracket?: string; round: number; position: number; group?: number },
): Promise<string> {
  const admin = await adminClient();
  const { data, error } = await admin
    .from('matches')
    .select('id')
    .eq('tournament_id', tournamentId)
    .eq('bracket', place.bracket ?? 'winners')
    .eq('group_number', place.group ?? 1)
    .eq('round', place.round)
    .eq('position', place.position)
    .single();
  if (error) throw new Error(`matchAt: ${error.message}`);
  return data.id as string;
}

/** A captain reports `games` (winners 1 or 2) and the other confirms, through the real functions. */
export async function playMatch(reporter: Captain, confirmer: Captain, matchId: string, games: (1 | 2)[]) {
  const report = await reporter.client.rpc('report_match', {
    p_match_id: matchId,
    p_games: games.map((winner) => ({ winner })),
  });
  if (report.error) throw new Error(`playMatch report: ${report.error.message}`);
  // The confirmation names the report it confirms, as the bracket shows it.
  const { data: match } = await confirmer.client.from('matches').select('report_version').eq('id', matchId).single();
  const confirm = await confirmer.client.rpc('confirm_match', {
    p_match_id: matchId,
    p_report_version: match?.report_version ?? -1,
  });
  if (confirm.error) throw new Error(`playMatch confirm: ${confirm.error.message}`);
}
