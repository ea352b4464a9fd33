// Tournaments that are running or finished, made the way the administrator runs one: players register
// (named, so a journey can read them), are checked in, the bracket starts in check-in order and, for
// a finished one, the administrator sets every result (the better seed, team 1, wins each match).
import {
  adminRpc,
  createPlayer,
  createTournament,
  playerId,
  registerAs,
  signedInAs,
  TEAM_SIZE,
  type Player,
  type Tournament,
  type TournamentType,
} from './data.ts';

type Options = {
  label?: string;
  /** Set every result: the tournament ends with the first name as champion. */
  finish?: boolean;
  /** Teams that join the waitlist once the slots are full (each a fresh player). */
  waitlisted?: number;
  starts_at?: string;
};

type MatchRow = {
  id: string;
  best_of: number;
  team1_id: string | null;
  team2_id: string | null;
  confirmed_at: string | null;
};

/** A started (or, with `finish`, completed) tournament of `names.length` teams named `names`. */
export async function playedTournament(
  type: TournamentType,
  names: string[],
  { label = 'E2E Played', finish = false, waitlisted = 0, starts_at }: Options = {},
): Promise<Tournament & { teamIds: string[]; players: Player[] }> {
  const t = await createTournament(type, names.length, label, starts_at ? { starts_at } : {});
  const teamIds: string[] = [];
  const players: Player[] = [];
  for (const name of names) {
    const player = await createPlayer('played');
    players.push(player);
    await registerAs(player, t, undefined, name, [name, `${name}B`, `${name}C`]);
    const own = await signedInAs(player);
    const { data, error } = await own.from('teams').select('id').eq('tournament_id', t.id).single();
    if (error || !data) throw new Error(`No team for ${name}: ${error?.message}`);
    teamIds.push(data.id as string);
    await adminRpc('set_check_in', { p_team_id: data.id, p_checked_in: true });
  }
  for (let i = 0; i < waitlisted; i++) await joinWaitlist(await createPlayer('waiting'), t, `Waiting${i + 1}`);
  await adminRpc('start_tournament', { p_tournament_id: t.id, p_seeding: 'checkin' });
  if (finish) await playOut(t.id);
  return { ...t, teamIds, players };
}

/** The administrator sets every ready match's result, team 1 winning, until none is left. */
export async function playOut(tournamentId: string, matches = Infinity): Promise<void> {
  for (let played = 0; played < matches; played++) {
    const rows = (await adminRpc('admin_matches', { p_tournament_id: tournamentId })) as MatchRow[];
    const ready = rows.find((m) => m.team1_id && m.team2_id && !m.confirmed_at);
    if (!ready) return;
    const wins = Math.ceil(ready.best_of / 2);
    await adminRpc('set_match_result', {
      p_match_id: ready.id,
      p_games: Array.from({ length: wins }, () => ({ winner: 1 })),
    });
  }
}

/** `player` puts a team (its players named `name`, `name`2...) on the full tournament's waitlist. */
export async function joinWaitlist(player: Player, t: Pick<Tournament, 'id' | 'type'>, name: string): Promise<void> {
  const { error } = await (
    await signedInAs(player)
  ).rpc('register_team', {
    p_tournament_id: t.id,
    p_team_name: t.type === '1v1' ? '' : name,
    p_players: Array.from({ length: TEAM_SIZE[t.type] }, (_, j) => ({
      player_id: `#${playerId()}`,
      in_game_name: j === 0 ? name : `${name}${j + 1}`,
    })),
    p_waitlist: true,
  });
  if (error) throw new Error(`Could not join the waitlist of ${t.id}: ${error.message}`);
}
