// Teammates: a captain registers a 2v2 with two other players' IDs; one teammate confirms from their
// own My Tournaments, the other leaves and the captain names someone else; the captain checks the
// team in while check-in is open and finally withdraws it, which frees the slot.
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPerson, PHONE } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { createPlayer, createTournament, playerId, signedInAs, updateTournament } from './support/data.ts';
import { checkScreen } from './support/screens.ts';
import {
  card,
  field,
  fillRegistration,
  navLink,
  openHome,
  signInAt,
  submitRegistration,
  text,
  visible,
  waitForPath,
} from './support/ui.ts';
import type { Locator, Page } from 'playwright-core';

const journey = journeyBrowser();

/** The row of player `slot` in a My Tournaments card. */
function place(c: Locator, slot: number): Locator {
  return c.getByRole('listitem').filter({ hasText: new RegExp(`^Player ${slot}:`) });
}

async function openMyTournaments(page: Page): Promise<void> {
  await (await navLink(page, 'My Tournaments')).click();
  await waitForPath(page, '/my-tournaments');
  await visible(page.getByRole('heading', { name: 'My Tournaments', level: 1 }));
}

describe('Teammates', () => {
  it('entered by a captain, a teammate confirms; a left place is filled; check-in; withdrawal frees the slot', async () => {
    const captain = await createPlayer('captain');
    const teammate = await createPlayer('mate');
    const third = await createPlayer('third');
    const startsAt = new Date(Date.now() + 2 * 3_600_000).toISOString();
    const duo = await createTournament('2v2', 1, 'E2E Mates', { starts_at: startsAt });

    // The captain enters the two players by their player IDs.
    const { page: cap } = await newPerson(journey.browser, DESKTOP);
    await signInAt(cap, captain);
    await openHome(cap);
    const form = await fillRegistration(card(cap, duo.name), {
      teamName: 'Mates United',
      players: [
        { id: teammate.gameId, name: 'Mate' },
        { id: third.gameId, name: 'Third' },
      ],
    });
    await submitRegistration(form);
    await visible(text(card(cap, duo.name), 'Wait for the Discord Link'));

    await openMyTournaments(cap);
    const capCard = card(cap, duo.name);
    await visible(capCard);
    await visible(place(capCard, 1).getByText('waiting', { exact: true }));
    await visible(place(capCard, 2).getByText('waiting', { exact: true }));
    expect(await capCard.getByRole('link', { name: duo.name }).getAttribute('href')).toBe(`/tournaments/${duo.id}`);

    // The teammate signs in and finds the team there, with who entered them.
    const { page: mate } = await newPerson(journey.browser, PHONE);
    await signInAt(mate, teammate);
    await openMyTournaments(mate);
    const mateCard = card(mate, duo.name);
    await visible(text(mateCard, `Entered by ${captain.username}`));
    await checkScreen(mate, 'teammates-entered', mateCard);
    await mateCard.getByRole('button', { name: 'Confirm my place' }).click();
    await visible(place(mateCard, 1).getByText('to accept', { exact: true }));

    // The captain's page follows without a reload: the account that claims the ID waits to be
    // accepted before it is on the team.
    await visible(place(capCard, 1).getByText('to accept', { exact: true }));
    await place(capCard, 1)
      .getByRole('button', { name: `Accept ${teammate.username}` })
      .click();
    await visible(place(capCard, 1).getByText('confirmed', { exact: true }));
    await visible(place(mateCard, 1).getByText('confirmed', { exact: true }));

    // The third player leaves from another device; the captain names someone else for the place.
    const thirdClient = await signedInAs(third);
    const { data: team } = await thirdClient.from('teams').select('id').eq('tournament_id', duo.id).single();
    const { error: leaveError } = await thirdClient.rpc('leave_team', { p_team_id: team!.id });
    expect(leaveError).toBeNull();
    await visible(place(capCard, 2).getByText('left', { exact: true }));
    await capCard.getByRole('button', { name: 'Name player 2' }).click();
    const fill = capCard.getByRole('form', { name: 'Name player 2' });
    await field(fill, 'Player 2 ID').fill('#12');
    await fill.getByRole('button', { name: 'Save player' }).click();
    await visible(text(fill, 'Invalid player ID format. Must be 9 characters with optional #.'));
    const newcomer = playerId();
    await field(fill, 'Player 2 ID').fill(newcomer);
    await field(fill, 'Player 2 in-game name').fill('Newcomer');
    await fill.getByRole('button', { name: 'Save player' }).click();
    await visible(place(capCard, 2).getByText('no account', { exact: true }));
    await visible(text(place(capCard, 2), `#${newcomer}`));
    await checkScreen(cap, 'teammates-captain', capCard);

    // Check-in opens: the captain checks the team in.
    await updateTournament(duo.id, { checkin_opens_at: new Date(Date.now() - 60_000).toISOString() });
    await cap.reload();
    await visible(text(capCard, 'Check-in open'));
    await capCard.getByRole('button', { name: 'Check in', exact: true }).click();
    await visible(text(capCard, 'Checked in'));

    // Withdrawing asks first; then the team is gone and its slot is free again.
    await capCard.getByRole('button', { name: 'Withdraw' }).click();
    const dialog = cap.getByRole('dialog', { name: 'Withdraw team' });
    await visible(dialog);
    await checkScreen(cap, 'teammates-withdraw');
    await dialog.getByRole('button', { name: 'Withdraw team' }).click();
    await visible(text(cap, 'No tournaments joined yet.'));
    await openHome(cap);
    await visible(text(card(cap, duo.name), '1 slot left'));
    // The teammate's page follows too.
    await visible(text(mate, 'No tournaments joined yet.'));
  });
});
