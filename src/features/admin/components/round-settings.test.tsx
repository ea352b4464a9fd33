// The administrator's round settings against the real stack: a started tournament's rounds named as
// the database names them, a best of 3 with modes and maps saved and shown, Duels kept out of a 2v2
// round (the form does not offer it; the database refuses it with the same words), a map name too
// long, and rounds with a result read-only, including one that gets its result while the form is open.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';
import { adminClient, signedInAdmin } from '@/testing/users';
import { matchAt, playMatch, startedTournament } from '@/testing/brackets';
import type { AdminTournament } from '@/features/admin/api/get-tournament';
import { duelsMessage, MAP_MESSAGE } from '@/lib/round-settings';
import { BracketPanel } from '@/features/admin/components/bracket-panel';
import { ROUND_LOCKED_MESSAGE } from '@/features/admin/components/round-settings-card';

/** The started tournament as the dashboard reads it, and its bracket panel with the round settings. */
async function openPanel(tournamentId: string) {
  const admin = await adminClient();
  const { data } = await admin
    .from('tournaments')
    .select('*, phase, checkin_closes')
    .eq('id', tournamentId)
    .single()
    .throwOnError();
  await signedInAdmin();
  const result = renderWithProviders(<BracketPanel tournament={data as unknown as AdminTournament} teams={[]} />);
  const rounds = await screen.findByRole('list', { name: 'Rounds' }, { timeout: 10_000 });
  const round = (name: string) => within(within(rounds).getByRole('listitem', { name }));
  return { ...result, rounds, round };
}

async function roundRows(tournamentId: string, round: number) {
  const admin = await adminClient();
  const { data } = await admin
    .from('matches')
    .select('best_of, maps')
    .eq('tournament_id', tournamentId)
    .eq('bracket', 'winners')
    .eq('round', round)
    .throwOnError();
  return data;
}

describe('Round settings', () => {
  it('sets a best of 3 with a mode and map per game and shows it on the round', async () => {
    const { tournament } = await startedTournament('single_elimination', 4);
    const { user, rounds, round } = await openPanel(tournament.id);
    expect(
      within(rounds)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Semi-final', 'Final']);
    expect(round('Semi-final').getByText('Best of 1')).toBeInTheDocument();

    await user.click(round('Semi-final').getByRole('button', { name: 'Edit Semi-final' }));
    const form = within(screen.getByRole('form', { name: 'Settings of Semi-final' }));
    await user.selectOptions(form.getByLabelText('Best of'), '3');
    await user.selectOptions(form.getByLabelText('Game 1 mode'), 'Gem Grab');
    await user.type(form.getByLabelText('Game 1 map'), 'Hard Rock Mine');
    await user.selectOptions(form.getByLabelText('Game 2 mode'), 'Brawl Ball');
    await user.type(form.getByLabelText('Game 2 map'), 'Backyard Bowl');
    expect(form.getByLabelText('Game 3 map')).toHaveValue('');
    await user.click(form.getByRole('button', { name: 'Save round' }));

    expect(
      await round('Semi-final').findByText(
        'Best of 3 · Gem Grab: Hard Rock Mine, Brawl Ball: Backyard Bowl',
        {},
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(round('Final').getByText('Best of 1')).toBeInTheDocument();
    // Both semi-finals are played as set; the unset third game is not stored.
    expect(await roundRows(tournament.id, 1)).toEqual(
      Array.from({ length: 2 }, () => ({
        best_of: 3,
        maps: [
          { mode: 'Gem Grab', map: 'Hard Rock Mine' },
          { mode: 'Brawl Ball', map: 'Backyard Bowl' },
        ],
      })),
    );
  }, 90_000);

  it('offers no Duels in a 2v2 round (the database refuses it in the same words) and checks map names', async () => {
    const { tournament } = await startedTournament('single_elimination', 2);
    const { user, round } = await openPanel(tournament.id);
    await user.click(round('Final').getByRole('button', { name: 'Edit Final' }));
    const form = within(screen.getByRole('form', { name: 'Settings of Final' }));
    const modes = within(form.getByLabelText('Game 1 mode'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(modes).toEqual(['Any mode', 'Gem Grab', 'Brawl Ball', 'Heist', 'Bounty', 'Knockout', 'Hot Zone']);
    const refused = await (
      await adminClient()
    ).rpc('set_round_settings', {
      p_tournament_id: tournament.id,
      p_bracket: 'winners',
      p_round: 1,
      p_best_of: 1,
      p_maps: [{ mode: 'Duels', map: 'Skull Creek' }],
    });
    expect(refused.error?.message).toBe(duelsMessage('2v2'));

    await user.type(form.getByLabelText('Game 1 map'), 'M'.repeat(51));
    await user.click(form.getByRole('button', { name: 'Save round' }));
    expect(await form.findByText(MAP_MESSAGE)).toBeInTheDocument();
    expect(await roundRows(tournament.id, 1)).toEqual([{ best_of: 1, maps: [] }]);
  }, 90_000);

  it('makes a round with a result read-only, and says so when the result arrives while editing', async () => {
    const { tournament, captains } = await startedTournament('single_elimination', 4);
    const [a, b, c, d] = captains;
    // Seed 1 meets seed 4 in the first semi-final: reported and confirmed.
    await playMatch(a!, d!, await matchAt(tournament.id, { round: 1, position: 1 }), [1]);
    const { user, round } = await openPanel(tournament.id);
    expect(round('Semi-final').getByText(ROUND_LOCKED_MESSAGE)).toBeInTheDocument();
    expect(round('Semi-final').queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();

    // The final is open until one of its captains reports; the database has the last word.
    await user.click(round('Final').getByRole('button', { name: 'Edit Final' }));
    const form = within(screen.getByRole('form', { name: 'Settings of Final' }));
    await user.selectOptions(form.getByLabelText('Best of'), '5');
    await playMatch(b!, c!, await matchAt(tournament.id, { round: 1, position: 2 }), [1]);
    const report = await a!.client.rpc('report_match', {
      p_match_id: await matchAt(tournament.id, { round: 2, position: 1 }),
      p_games: [{ winner: 1 }],
    });
    expect(report.error).toBeNull();
    await user.click(form.getByRole('button', { name: 'Save round' }));
    expect(await form.findByRole('alert')).toHaveTextContent(ROUND_LOCKED_MESSAGE);
    await user.click(form.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(round('Final').getByText(ROUND_LOCKED_MESSAGE)).toBeInTheDocument());
    expect(round('Final').getByText('Best of 1')).toBeInTheDocument();
  }, 90_000);
});
