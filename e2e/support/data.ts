// Data for the journeys, made through the real supabase-js against the running stack: players,
// tournaments created as the administrator, and registrations made by "someone else". Every name,
// e-mail and player ID is unique, so no journey depends on another one's leftovers or order.
// The builders (names, IDs, tournament fields, the register_team call) are the component tests' own,
// from src/testing/fixtures.ts.
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { inject } from 'vitest';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD } from '../../server/config.ts';
import {
  TEAM_SIZE,
  freshGameId,
  insertTournament,
  registerTeamAs,
  tag,
  tournamentFields,
  type Tournament,
  type TournamentType,
} from '../../src/testing/fixtures.ts';

export { TEAM_SIZE, tag, type Tournament, type TournamentType } from '../../src/testing/fixtures.ts';

export const ADMIN = { email: DEFAULT_ADMIN_EMAIL, password: DEFAULT_ADMIN_PASSWORD };
export const PASSWORD = 'brawl-pass-1';

export type Player = { email: string; password: string; username: string; gameId: string };

function client(): SupabaseClient {
  return createClient(inject('e2eUrl'), inject('e2eAnonKey'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  });
}

export function uniqueEmail(who: string): string {
  return `${who}-${tag()}@example.com`.toLowerCase();
}

/** A valid, unused game/player ID without the leading # (9 letters or digits). */
export function playerId(): string {
  return freshGameId().slice(1);
}

export function newPlayerDetails(who = 'player'): Player {
  return { email: uniqueEmail(who), password: PASSWORD, username: `${who}${tag()}`.slice(0, 20), gameId: playerId() };
}

async function signedIn(email: string, password: string): Promise<SupabaseClient> {
  const c = client();
  const { error } = await c.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`Could not sign in ${email}: ${error.message}`);
  return c;
}

/** A player account made through the Auth API (the UI journey makes its own). */
export async function createPlayer(who = 'player'): Promise<Player> {
  const player = newPlayerDetails(who);
  const { error } = await client().auth.signUp({
    email: player.email,
    password: player.password,
    options: { data: { username: player.username, game_id: `#${player.gameId}` } },
  });
  if (error) throw new Error(`Could not sign up ${player.email}: ${error.message}`);
  return player;
}

let adminClient: Promise<SupabaseClient> | undefined;
function admin(): Promise<SupabaseClient> {
  adminClient ??= signedIn(ADMIN.email, ADMIN.password);
  return adminClient;
}

/** A fresh tournament made by the administrator (the admin journey makes its own through the UI). */
export async function createTournament(
  type: TournamentType,
  slots: number,
  label = 'E2E',
  fields: Partial<Pick<Tournament, 'description' | 'starts_at' | 'prize' | 'rules'>> = {},
): Promise<Tournament> {
  return insertTournament(await admin(), tournamentFields(`${label} ${type}`, { type, slots, ...fields }));
}

/** The administrator changes a tournament (e.g. opens check-in now). */
export async function updateTournament(id: string, changes: Partial<Tournament>): Promise<void> {
  const { error } = await (await admin()).from('tournaments').update(changes).eq('id', id);
  if (error) throw new Error(`Could not update tournament ${id}: ${error.message}`);
}

/** A player's own client, signed in: what they do from another device. */
export function signedInAs(player: Pick<Player, 'email' | 'password'>): Promise<SupabaseClient> {
  return signedIn(player.email, player.password);
}

export async function deleteTournament(id: string): Promise<void> {
  const { error } = await (await admin()).from('tournaments').delete().eq('id', id);
  if (error) throw new Error(`Could not delete tournament ${id}: ${error.message}`);
}

/** A tournament's Discord invite, as the administrator reads it (the column itself reads null). */
export async function discordLinkOf(id: string): Promise<string> {
  const { data, error } = await (await admin()).rpc('discord_link', { p_tournament_id: id });
  if (error || !data) throw new Error(`Could not read the Discord link of ${id}: ${error?.message ?? 'none'}`);
  return data;
}

/** Every tournament as a visitor reads it (the seed's included). */
export async function listTournaments(): Promise<Tournament[]> {
  const { data, error } = await client().from('tournaments').select('*');
  if (error) throw new Error(`Could not read tournaments: ${error.message}`);
  return data as Tournament[];
}

/** The seeded tournament of a type with the most free slots (at least `free`). */
export async function seededWithFreeSlots(type: TournamentType, free = 2): Promise<Tournament> {
  const list = (await listTournaments())
    .filter((t) => t.type === type && !t.name.startsWith('E2E') && t.slots - t.registered_teams >= free)
    .sort((a, b) => b.slots - b.registered_teams - (a.slots - a.registered_teams));
  if (!list[0]) throw new Error(`No seeded ${type} tournament with ${free} free slots`);
  return list[0];
}

/** A seeded tournament that is already full (and not yet started: the seed's played ones are full too). */
export async function seededFull(): Promise<Tournament> {
  const full = (await listTournaments()).find((t) => t.registered_teams >= t.slots && !t.started_at);
  if (!full) throw new Error('The seed has no full tournament');
  return full;
}

/**
 * Registers a team for `player` through the same call the app uses; returns the player IDs used.
 * The players' in-game names are `names` (Brawler1, Brawler2... where not given).
 */
export async function registerAs(
  player: Player,
  t: Pick<Tournament, 'id' | 'type'>,
  ids?: string[],
  teamName = `Team ${tag()}`,
  names: string[] = [],
): Promise<string[]> {
  const used = ids ?? Array.from({ length: TEAM_SIZE[t.type] }, () => playerId());
  await registerTeamAs(await signedIn(player.email, player.password), t, {
    teamName: t.type === '1v1' ? '' : teamName,
    players: used.map((id, i) => ({ player_id: `#${id}`, in_game_name: names[i] ?? `Brawler${i + 1}` })),
  });
  return used;
}

/** The administrator sets a round's best-of (there is no screen for it yet), before its first result. */
export async function setRoundBestOf(
  tournamentId: string,
  bracket: 'winners' | 'losers' | 'grand_final' | 'group',
  round: number,
  bestOf: 1 | 3 | 5,
): Promise<void> {
  const { error } = await (
    await admin()
  ).rpc('set_round_settings', { p_tournament_id: tournamentId, p_bracket: bracket, p_round: round, p_best_of: bestOf });
  if (error) throw new Error(`Could not set round ${round} of ${tournamentId}: ${error.message}`);
}

/** The administrator gives a tournament a Discord channel webhook. */
export async function setWebhook(tournamentId: string, url: string): Promise<void> {
  const { error } = await (await admin()).from('tournament_webhooks').insert({ tournament_id: tournamentId, url });
  if (error) throw new Error(`Could not set the webhook of ${tournamentId}: ${error.message}`);
}

/** The administrator checks a team in and starts the tournament, seeded in check-in order. */
export async function adminRpc(fn: string, args: Record<string, unknown>): Promise<unknown> {
  const { data, error } = await (await admin()).rpc(fn, args);
  if (error) throw new Error(`${fn}: ${error.message}`);
  return data;
}
