// The bracket view against the real local stack: tournaments started through the database's own
// functions, every format rendered as rounds a screen reader can walk, a captain's report, the other
// captain's confirmation or dispute, a result arriving live, and the phone's one-round-at-a-time tabs.
import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { renderWithProviders } from '@/testing/render';
import { adminClient, signInApp } from '@/testing/users';
import { waitForLive } from '@/testing/live';
import { findStatus } from '@/testing/status';
import { matchAt, playMatch, startedTournament } from '@/testing/brackets';
import { BracketView } from '@/features/bracket/components/bracket-view';

function renderBracket(tournamentId: string) {
  return renderWithProviders(<BracketView tournamentId={tournamentId} />);
}

/** A match button by what it announces: its text, with the separators only a screen reader reads. */
const said = (text: string) => (_: string, element: Element) => element.textContent === text;

/** The items of the round list named `name`, by what each announces. */
async function roundItems(name: string): Promise<string[]> {
  const list = await screen.findByRole('list', { name });
  return within(list)
    .getAllByRole('button')
    .map((b) => b.textContent ?? '');
}

/** axe's findings (contrast needs layout, which jsdom lacks: theme.test.ts checks the palette). */
async function violations(container: HTMLElement) {
  const result = await axe.run(container, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const realMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = realMatchMedia;
});

// Each test starts a tournament of its own through Auth and the Data API: a few seconds before it renders.
describe('BracketView', { timeout: 90_000 }, () => {
  it('shows a single elimination bracket with byes: rounds as named lists, byes moved on', async () => {
    const { tournament, captains } = await startedTournament('single_elimination', 5);
    const [a, b, c, d, e] = captains.map((x) => x.teamName);
    const { user } = renderBracket(tournament.id);

    expect(await screen.findByRole('heading', { name: 'Single elimination' })).toBeInTheDocument();
    // Seeds 1, 2 and 3 have byes in a bracket of 8; seed 4 meets seed 5.
    expect(await roundItems('Quarter-final')).toEqual([`${a}, bye`, `${d} vs ${e}, ready`, `${b}, bye`, `${c}, bye`]);
    expect(await roundItems('Semi-final')).toEqual([
      `${a} vs to be decided, waiting for opponent`,
      `${b} vs ${c}, ready`,
    ]);
    expect(await roundItems('Final')).toEqual(['to be decided vs to be decided, waiting for opponent']);
    // Not complete, not round robin: no standings yet.
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // A visitor opens a match: the teams, but no Discord invite (the database gives it to players only).
    await user.click(screen.getByRole('button', { name: said(`${d} vs ${e}, ready`) }));
    const dialog = await screen.findByRole('dialog', { name: `${d} vs ${e}` });
    expect(within(dialog).getByRole('list', { name: `Players of ${d}` })).toBeInTheDocument();
    expect(within(dialog).queryByRole('link', { name: /Discord/ })).not.toBeInTheDocument();
  });

  it('shows a double elimination bracket in winners, losers and grand final sections', async () => {
    const { tournament, captains } = await startedTournament('double_elimination', 4);
    const [a, b, c, d] = captains.map((x) => x.teamName);
    const { container } = renderBracket(tournament.id);

    for (const heading of ['Winners bracket', 'Losers bracket', 'Grand final']) {
      expect(await screen.findByRole('heading', { name: heading, level: 3 })).toBeInTheDocument();
    }
    expect(await roundItems('Winners round 1')).toEqual([`${a} vs ${d}, ready`, `${b} vs ${c}, ready`]);
    expect(await roundItems('Winners final')).toHaveLength(1);
    expect(await roundItems('Losers round 1')).toEqual(['to be decided vs to be decided, waiting for opponent']);
    expect(await roundItems('Losers final')).toHaveLength(1);
    expect(await roundItems('Grand final')).toHaveLength(1);
    expect(await roundItems('Grand final reset')).toHaveLength(1);
    expect(await violations(container)).toEqual([]);
  });

  it('shows a round robin as a group table and its rounds, and the champion once it is complete', async () => {
    const { tournament, captains } = await startedTournament('round_robin', 3);
    const [a, b, c] = captains;
    const first = renderBracket(tournament.id);

    const table = await screen.findByRole('table', { name: 'Standings' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    for (const round of ['Round 1', 'Round 2', 'Round 3']) expect(await roundItems(round)).toHaveLength(1);
    expect(screen.queryByText('Champion')).not.toBeInTheDocument();
    first.unmount();

    // The better seed wins every match: A twice, then B.
    for (const round of [1, 2, 3]) {
      const id = await matchAt(tournament.id, { bracket: 'group', round, position: 1 });
      const { data } = await a!.client.from('matches').select('team1_id, team2_id').eq('id', id).single();
      const team1 = [a!, b!, c!].find((x) => x.teamId === data!.team1_id)!;
      const team2 = [a!, b!, c!].find((x) => x.teamId === data!.team2_id)!;
      await playMatch(team1, team2, id, [team1.seed < team2.seed ? 1 : 2]);
    }
    renderBracket(tournament.id);
    const row = await screen.findByRole('row', { name: new RegExp(`${a!.teamName} Champion`) });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', '2', '0', '+2', '1']);
    expect(await screen.findByText('Tournament complete.')).toBeInTheDocument();
  });

  it('lets a captain report game by game, refusing a score impossible for the best-of first', async () => {
    const { tournament, captains } = await startedTournament('single_elimination', 4, { bestOf: 3 });
    const [a, , , d] = captains;
    const matchId = await matchAt(tournament.id, { round: 1, position: 1 });
    // The administrator set the semi-finals' games: the second one open, the third one set.
    await (
      await adminClient()
    )
      .rpc('set_round_settings', {
        p_tournament_id: tournament.id,
        p_bracket: 'winners',
        p_round: 1,
        p_best_of: 3,
        p_maps: [{ mode: 'Gem Grab', map: 'Hard Rock Mine' }, {}, { mode: 'Heist', map: 'Safe Zone' }],
      })
      .throwOnError();
    await signInApp(a!);
    const { user } = renderBracket(tournament.id);

    await user.click(await screen.findByRole('button', { name: said(`${a!.teamName} vs ${d!.teamName}, ready`) }));
    const dialog = await screen.findByRole('dialog', { name: `${a!.teamName} vs ${d!.teamName}` });
    const dlg = within(dialog);
    // Its title bar is no second banner landmark beside the page's header (axe: landmark-no-duplicate-banner).
    expect(dlg.queryByRole('banner')).not.toBeInTheDocument();
    expect(dlg.getByText('Semi-final · Best of 3')).toBeInTheDocument();
    expect(
      within(dlg.getByRole('list', { name: 'Modes and maps' }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Gem Grab · Hard Rock Mine', 'Any mode', 'Heist · Safe Zone']);
    // The captain meets the other side in the tournament's Discord.
    expect(await dlg.findByRole('link', { name: "Meet in the tournament's Discord" })).toHaveAttribute(
      'href',
      tournament.discord_link!,
    );
    expect(
      within(dlg.getByRole('list', { name: `Players of ${d!.teamName}` }))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Ace D', 'Pal D']);

    await user.click(dlg.getByRole('button', { name: 'Report result' }));
    expect(await violations(dialog)).toEqual([]);
    const form = within(await screen.findByRole('form', { name: 'Report result' }));
    await user.click(form.getByRole('button', { name: 'Add game' }));
    for (const game of [1, 2, 3]) {
      await user.click(
        within(form.getByRole('radiogroup', { name: `Game ${game} winner` })).getByRole('radio', { name: a!.teamName }),
      );
    }
    expect(form.getByText(`Score: ${a!.teamName} 3, ${d!.teamName} 0`)).toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Send result' }));
    expect(await form.findByRole('alert')).toHaveTextContent('A best of 3 ends when a team wins 2 games.');
    const { data: untouched } = await a!.client.from('matches').select('reported_at').eq('id', matchId).single();
    expect(untouched!.reported_at).toBeNull();

    // A, then D, then A: 2-1.
    await user.click(
      within(form.getByRole('radiogroup', { name: 'Game 2 winner' })).getByRole('radio', { name: d!.teamName }),
    );
    await user.click(form.getByRole('button', { name: 'Send result' }));
    await findStatus(dlg, 'Result sent. Your opponent confirms it.');
    expect(
      await dlg.findByText('You reported this result. Your opponent confirms or disputes it.'),
    ).toBeInTheDocument();
    const { data: reported } = await a!.client
      .from('matches')
      .select('games, team1_score, team2_score')
      .eq('id', matchId)
      .single();
    expect(reported).toEqual({ games: [{ winner: 1 }, { winner: 2 }, { winner: 1 }], team1_score: 2, team2_score: 1 });
    await user.click(dlg.getByRole('button', { name: /close/i }));
    expect(await roundItems('Semi-final')).toContain(`${a!.teamName} 2, ${d!.teamName} 1, awaiting confirmation`);
  });

  it("shows the database's refusal in the report form (the result was confirmed meanwhile)", async () => {
    const { tournament, captains } = await startedTournament('single_elimination', 2);
    const [a, b] = captains;
    const matchId = await matchAt(tournament.id, { round: 1, position: 1 });
    await signInApp(a!);
    const { user } = renderBracket(tournament.id);

    await user.click(await screen.findByRole('button', { name: said(`${a!.teamName} vs ${b!.teamName}, ready`) }));
    await user.click(await screen.findByRole('button', { name: 'Report result' }));
    const form = within(await screen.findByRole('form', { name: 'Report result' }));
    await user.click(
      within(form.getByRole('radiogroup', { name: 'Game 1 winner' })).getByRole('radio', { name: a!.teamName }),
    );
    // Meanwhile the other captain reports and this captain's other device confirms.
    await playMatch(b!, a!, matchId, [2]);
    await user.click(form.getByRole('button', { name: 'Send result' }));
    expect(await form.findByRole('alert')).toHaveTextContent('This result is already confirmed.');
  });

  it('lets the other captain confirm (the winner moves on) or dispute with a required comment', async () => {
    const { tournament, captains } = await startedTournament('single_elimination', 4, { bestOf: 3 });
    const [a, b, c, d] = captains;
    const first = await matchAt(tournament.id, { round: 1, position: 1 });
    const second = await matchAt(tournament.id, { round: 1, position: 2 });
    for (const [captain, id] of [
      [a!, first],
      [b!, second],
    ] as const) {
      const { error } = await captain.client.rpc('report_match', {
        p_match_id: id,
        p_games: [{ winner: 1 }, { winner: 1 }],
      });
      expect(error).toBeNull();
    }

    await signInApp(d!);
    const confirming = renderBracket(tournament.id);
    await confirming.user.click(
      await screen.findByRole('button', { name: said(`${a!.teamName} 2, ${d!.teamName} 0, awaiting confirmation`) }),
    );
    const dialog = within(await screen.findByRole('dialog'));
    // The captain's actions load after the dialog opens: Confirm, and then no Report result beside it.
    const confirm = await dialog.findByRole('button', { name: 'Confirm' });
    expect(dialog.queryByRole('button', { name: 'Report result' })).not.toBeInTheDocument();
    await confirming.user.click(confirm);
    await findStatus(dialog, 'Result confirmed.');
    await confirming.user.click(dialog.getByRole('button', { name: /close/i }));
    expect(await roundItems('Final')).toEqual([`${a!.teamName} vs to be decided, waiting for opponent`]);
    confirming.unmount();

    await signInApp(c!);
    const disputing = renderBracket(tournament.id);
    await disputing.user.click(
      await screen.findByRole('button', { name: said(`${b!.teamName} 2, ${c!.teamName} 0, awaiting confirmation`) }),
    );
    await disputing.user.click(await screen.findByRole('button', { name: 'Dispute' }));
    const form = within(await screen.findByRole('form', { name: 'Dispute result' }));
    await disputing.user.type(form.getByLabelText(/What is wrong/), '   ');
    await disputing.user.click(form.getByRole('button', { name: 'Send dispute' }));
    expect(await form.findByText('Say what is wrong in up to 500 characters.')).toBeInTheDocument();
    await disputing.user.type(form.getByLabelText(/What is wrong/), 'We won game 2, screenshot in Discord.');
    await disputing.user.click(form.getByRole('button', { name: 'Send dispute' }));
    expect(await screen.findByText('Dispute sent. An administrator will settle this match.')).toBeInTheDocument();
    expect(await screen.findByText(/We won game 2, screenshot in Discord\./)).toBeInTheDocument();
    const { data } = await c!.client.from('matches').select('dispute_comment, confirmed_at').eq('id', second).single();
    expect(data).toEqual({ dispute_comment: 'We won game 2, screenshot in Discord.', confirmed_at: null });
    disputing.unmount();

    // The reporting captain sees why, and that an administrator settles it: nothing to report again.
    await signInApp(b!);
    const reporting = renderBracket(tournament.id);
    await reporting.user.click(
      await screen.findByRole('button', { name: said(`${b!.teamName} 2, ${c!.teamName} 0, disputed`) }),
    );
    const disputed = within(await screen.findByRole('dialog'));
    expect(
      disputed.getByText('We won game 2, screenshot in Discord. An administrator will settle this match.'),
    ).toBeInTheDocument();
    for (const name of ['Report result', 'Confirm', 'Dispute']) {
      expect(disputed.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    const again = await b!.client.rpc('report_match', { p_match_id: second, p_games: [{ winner: 1 }, { winner: 1 }] });
    expect(again.error?.message).toBe('This result is disputed: an administrator settles it.');
  });

  it('shows a confirmed result to every viewer without a reload', async () => {
    const { tournament, captains } = await startedTournament('single_elimination', 4);
    const [a, , , d] = captains;
    renderBracket(tournament.id);
    expect(await roundItems('Semi-final')).toContain(`${a!.teamName} vs ${d!.teamName}, ready`);
    await waitForLive();

    await playMatch(d!, a!, await matchAt(tournament.id, { round: 1, position: 1 }), [2]);
    await waitFor(async () =>
      expect(await roundItems('Semi-final')).toContain(`${a!.teamName} 0, ${d!.teamName} 1, done`),
    );
    expect(await roundItems('Final')).toEqual([`${d!.teamName} vs to be decided, waiting for opponent`]);
  });

  it('shows one round at a time behind tabs on a phone, moved through with the arrow keys', async () => {
    window.matchMedia = ((query: string) => ({
      ...realMatchMedia(query),
      matches: query.includes('max-width'),
    })) as typeof window.matchMedia;
    const { tournament, captains } = await startedTournament('single_elimination', 4);
    const [a, b, c, d] = captains;
    const { user, container } = renderBracket(tournament.id);

    const tabs = await screen.findByRole('tablist');
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Semi-final', 'Final']);
    expect(within(tabs).getByRole('tab', { name: 'Semi-final' })).toHaveAttribute('aria-selected', 'true');
    expect(await roundItems('Semi-final')).toEqual([
      `${a!.teamName} vs ${d!.teamName}, ready`,
      `${b!.teamName} vs ${c!.teamName}, ready`,
    ]);
    expect(screen.queryByRole('list', { name: 'Final' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Single elimination' })).not.toBeInTheDocument();

    within(tabs).getByRole('tab', { name: 'Semi-final' }).focus();
    await user.keyboard('{ArrowRight}');
    expect(within(tabs).getByRole('tab', { name: 'Final' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await roundItems('Final')).toEqual(['to be decided vs to be decided, waiting for opponent']);
    expect(screen.queryByRole('list', { name: 'Semi-final' })).not.toBeInTheDocument();
    expect(await violations(container)).toEqual([]);
  });
});
