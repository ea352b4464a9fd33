// Test data builders shared by the component tests (src/testing/data.ts) and the e2e journeys
// (e2e/support/data.ts): unique tags and player IDs, a tournament's fields, and the two calls that
// make data - a tournament inserted by an administrator's client, a team registered by a player's.
// They take the client, so each suite brings its own stack and sign-in.
import { randomInt } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Tournament, TournamentType } from '@/lib/tournament';
import type { TablesInsert } from '@/types/database';

export type { Tournament, TournamentType };
export type Player = { player_id: string; in_game_name: string };

export const TEAM_SIZE: Record<TournamentType, number> = { '1v1': 1, '2v2': 2, '3v3': 3 };

const ID_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

/** A short random tag: base36, so names stay readable in screenshots. */
export function tag(): string {
  return `${Date.now().toString(36).slice(-3)}${randomInt(36 ** 4)
    .toString(36)
    .padStart(4, '0')}`.toUpperCase();
}

/** A valid, unused game/player ID: # and 9 letters or digits. */
export function freshGameId(): string {
  return `#${Array.from({ length: 9 }, () => ID_CHARS[randomInt(ID_CHARS.length)]).join('')}`;
}

/** A full team of fresh players for a tournament of this size. */
export function players(count: number): Player[] {
  return Array.from({ length: count }, (_, i) => ({ player_id: freshGameId(), in_game_name: `Brawler ${i + 1}` }));
}

/** A tournament's fields with a unique name: "<label> <tag>", its description and Discord link tagged too. */
export function tournamentFields(
  label = 'Test Cup',
  overrides: Partial<TablesInsert<'tournaments'>> = {},
): TablesInsert<'tournaments'> & { type: TournamentType } {
  const id = tag();
  return {
    name: `${label} ${id}`,
    description: `${label} bracket ${id}`,
    thumbnail_url: '/banners/brawlcup.svg',
    slots: 8,
    discord_link: `https://discord.gg/test-${id.toLowerCase()}`,
    type: '1v1',
    ...overrides,
  } as TablesInsert<'tournaments'> & { type: TournamentType };
}

/** Inserts a tournament as `admin` (an administrator's signed-in client). */
export async function insertTournament(
  admin: SupabaseClient,
  fields: TablesInsert<'tournaments'>,
): Promise<Tournament> {
  const { data, error } = await admin.from('tournaments').insert(fields).select().single();
  if (error) throw new Error(`Could not create tournament ${fields.name}: ${error.message}`);
  // The column is write-only (it reads null): the invite the tests expect is the one they wrote.
  return { ...(data as Tournament), discord_link: fields.discord_link ?? null };
}

/** Registers a team through the same RPC the app calls, as the player `client` is signed in as. */
export async function registerTeamAs(
  client: SupabaseClient,
  tournament: Pick<Tournament, 'id' | 'type'>,
  options: { teamName?: string; players?: Player[] } = {},
): Promise<Player[]> {
  const team = options.players ?? players(TEAM_SIZE[tournament.type]);
  const { error } = await client.rpc('register_team', {
    p_tournament_id: tournament.id,
    p_team_name: options.teamName ?? (tournament.type === '1v1' ? '' : `Squad ${tag()}`),
    p_players: team,
  });
  if (error) throw new Error(`Could not register for ${tournament.id}: ${error.message}`);
  return team;
}
