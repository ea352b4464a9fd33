// Test data for the component tests, made through the real API of the test stack with the shared
// builders (src/testing/fixtures.ts): tournaments as the administrator, registrations as other
// players, each through a client of its own.
import { adminClient, createTestUser, signedInClient, type TestUser } from '@/testing/users';
import {
  insertTournament,
  registerTeamAs,
  tag,
  tournamentFields,
  type Player,
  type Tournament,
} from '@/testing/fixtures';
import type { TablesInsert } from '@/types/database';

export { freshGameId, players, type Player, type Tournament } from '@/testing/fixtures';

/** A unique tournament name: "<prefix> <tag>". */
export function uniqueName(prefix = 'Admin Cup'): string {
  return `${prefix} ${tag()}`;
}

export async function createTournament(overrides: Partial<TablesInsert<'tournaments'>> = {}): Promise<Tournament> {
  return insertTournament(await adminClient(), tournamentFields('Test Cup', overrides));
}

export async function updateTournament(id: string, changes: Partial<TablesInsert<'tournaments'>>): Promise<void> {
  const { error } = await (await adminClient()).from('tournaments').update(changes).eq('id', id);
  if (error) throw new Error(`updateTournament: ${error.message}`);
}

export async function deleteTournament(id: string): Promise<void> {
  const { error } = await (await adminClient()).from('tournaments').delete().eq('id', id);
  if (error) throw new Error(`deleteTournament: ${error.message}`);
}

/** Registers a team as `user` (a fresh player when omitted); returns who registered. */
export async function registerAs(
  tournament: Pick<Tournament, 'id' | 'type'>,
  options: { user?: Pick<TestUser, 'email' | 'password'>; teamName?: string; players?: Player[] } = {},
): Promise<Pick<TestUser, 'email' | 'password'>> {
  const user = options.user ?? (await createTestUser());
  await registerTeamAs(await signedInClient(user), tournament, options);
  return user;
}
