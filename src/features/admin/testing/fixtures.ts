// Test data for the admin dashboard, made through the real API of the test stack: tournaments as the
// administrator (a client of its own), registrations as fresh players.
import { adminClient, signedInClient, createTestUser, freshGameId } from '@/testing/users';

export type TournamentRow = { id: string; name: string; type: '1v1' | '2v2' | '3v3'; slots: number; discord_link: string };

export function uniqueName(prefix = 'Admin Cup'): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
}

export async function createTournament(overrides: Partial<Omit<TournamentRow, 'id'>> = {}): Promise<TournamentRow> {
  const name = overrides.name ?? uniqueName();
  const { data, error } = await (await adminClient())
    .from('tournaments')
    .insert({
      name,
      description: `About ${name}`,
      thumbnail_url: '/banners/brawlcup.svg',
      slots: 8,
      discord_link: 'https://discord.gg/brawlcup-test',
      type: '1v1',
      ...overrides,
    })
    .select()
    .single();
  if (error) throw new Error(`createTournament: ${error.message}`);
  return data as TournamentRow;
}

export async function deleteTournament(id: string): Promise<void> {
  const { error } = await (await adminClient()).from('tournaments').delete().eq('id', id);
  if (error) throw new Error(`deleteTournament: ${error.message}`);
}

export async function registerTeam(
  tournament: Pick<TournamentRow, 'id' | 'type'>,
  teamName: string,
  players: { player_id: string; in_game_name: string }[],
): Promise<void> {
  const user = await createTestUser();
  const client = await signedInClient(user);
  const { error } = await client.rpc('register_team', { p_tournament_id: tournament.id, p_team_name: teamName, p_players: players });
  if (error) throw new Error(`registerTeam: ${error.message}`);
}

export { freshGameId };
