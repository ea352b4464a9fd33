// What the server reads for a tournament's page before rendering it (src/entry-server.tsx): the
// tournament, the teams holding its slots and whether it has a bracket, as a visitor reads them.
// What is the viewer's own (their team, their next match) the browser reads once it knows them.
import type { QueryClient } from '@tanstack/react-query';
import { tournamentQuery } from './get-tournament';
import { tournamentTeamsQuery } from './get-tournament-teams';
import { matchCountQuery } from './get-match-count';

export async function prefetchTournamentPage(queryClient: QueryClient, id: string): Promise<void> {
  const tournament = await queryClient.fetchQuery(tournamentQuery(id)).catch(() => null);
  if (!tournament) return;
  await Promise.all([
    queryClient.prefetchQuery(tournamentTeamsQuery(id)),
    queryClient.prefetchQuery(matchCountQuery(id)),
  ]);
}
