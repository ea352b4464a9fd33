// Test data for the tournaments feature, made through the real API of the test stack: tournaments as
// the administrator, registrations as other players, each through a client of its own.
import { adminClient, signedInClient, createTestUser, freshGameId, type TestUser } from '@/testing/users';

export type TournamentRow = {
  id: string;
  name: string;
  description: string;
  thumbnail_url: string;
  slots: number;
  discord_link: string;
  type: '1v1' | '2v2' | '3v3';
  registered_teams: number;
};

function suffix(): string {
  return Math.random().toString(36).slice(2, 8).toUpperCase();
}

export async function createTournament(overrides: Partial<Omit<TournamentRow, 'id' | 'registered_teams'>> = {}): Promise<TournamentRow> {
  const id = suffix();
  const row = {
    name: `Test Cup ${id}`,
    description: `Test description ${id}`,
    thumbnail_url: '/banners/brawlcup.svg',
    slots: 8,
    discord_link: `https://discord.gg/test-${id.toLowerCase()}`,
    type: '1v1' as const,
    ...overrides,
  };
  const { data, error } = await (await adminClient()).from('tournaments').insert(row).select().single();
  if (error) throw new Error(`createTournament: ${error.message}`);
  return data as TournamentRow;
}

export async function updateTournament(id: string, changes: Partial<TournamentRow>): Promise<void> {
  const { error } = await (await adminClient()).from('tournaments').update(changes).eq('id', id);
  if (error) throw new Error(`updateTournament: ${error.message}`);
}

export async function deleteTournament(id: string): Promise<void> {
  const { error } = await (await adminClient()).from('tournaments').delete().eq('id', id);
  if (error) throw new Error(`deleteTournament: ${error.message}`);
}

export type Player = { player_id: string; in_game_name: string };

export function players(count: number): Player[] {
  return Array.from({ length: count }, (_, i) => ({ player_id: freshGameId(), in_game_name: `Brawler ${i + 1}` }));
}

/** Registers a team as `user` (a fresh player when omitted). */
export async function registerAs(
  tournament: Pick<TournamentRow, 'id' | 'type'>,
  options: { user?: TestUser; teamName?: string; players?: Player[] } = {},
): Promise<TestUser> {
  const user = options.user ?? (await createTestUser());
  const client = await signedInClient(user);
  const size = Number(tournament.type[0]);
  const { error } = await client.rpc('register_team', {
    p_tournament_id: tournament.id,
    p_team_name: options.teamName ?? (size > 1 ? `Squad ${suffix()}` : ''),
    p_players: options.players ?? players(size),
  });
  if (error) throw new Error(`registerAs: ${error.message}`);
  return user;
}
