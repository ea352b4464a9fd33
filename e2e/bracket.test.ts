// The bracket on a tournament's page, as a visitor sees the sample tournaments: one in progress (the
// quarter-finals played), one completed with its champion and standings. Phone and desktop.
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPerson, PHONE } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { listTournaments } from './support/data.ts';
import { checkScreen } from './support/screens.ts';
import { card, signInAt, text, visible } from './support/ui.ts';
import { SAMPLE_PLAYER_EMAIL, SAMPLE_PLAYER_PASSWORD } from '../server/config.ts';

const journey = journeyBrowser();

async function seeded(name: string) {
  const t = (await listTournaments()).find((x) => x.name === name);
  if (!t) throw new Error(`The seed has no tournament named ${name}`);
  return t;
}

describe('The bracket on the tournament page', () => {
  it('shows a tournament in progress round by round, rounds as named lists', async () => {
    const t = await seeded('Solo Knockout Night');
    const { page } = await newPerson(journey.browser, DESKTOP);
    await page.goto(`/tournaments/${t.id}`);
    const bracket = page.getByRole('region', { name: 'Bracket', exact: true });
    await visible(bracket.getByRole('list').first());
    // Four quarter-finals, each announced with both players and its state.
    const matches = bracket.getByRole('button', { name: /, done$/ });
    await expect.poll(() => matches.count()).toBeGreaterThanOrEqual(4);
    await checkScreen(page, 'bracket', bracket);

    // On a phone, one round at a time behind tabs.
    const phone = (await newPerson(journey.browser, PHONE)).page;
    await phone.goto(`/tournaments/${t.id}`);
    await visible(phone.getByRole('region', { name: 'Bracket', exact: true }).getByRole('tab').first());
  });

  it('shows a completed tournament with its standings and champion', async () => {
    const t = await seeded('Duo Hot Zone Showdown');
    const { page } = await newPerson(journey.browser, PHONE);
    await page.goto(`/tournaments/${t.id}`);
    const bracket = page.getByRole('region', { name: 'Bracket', exact: true });
    await visible(bracket.getByText('Heat Wave').first());
    await checkScreen(page, 'bracket-completed', bracket);
  });

  it('tells a player in the tournament their match, opponent and what to do, above the bracket', async () => {
    const t = await seeded('Solo Knockout Night');
    const { page } = await newPerson(journey.browser, PHONE);
    await signInAt(page, { email: SAMPLE_PLAYER_EMAIL, password: SAMPLE_PLAYER_PASSWORD });
    await page.goto(`/tournaments/${t.id}`);
    const mine = page.getByRole('region', { name: 'Your match', exact: true });
    // The seed's semi-final: SpikeRush reported beating NovaStrike, who has to confirm or dispute.
    await visible(text(mine, 'SpikeRush'));
    await visible(text(mine, /^Best of [135]$/));
    await visible(text(mine, 'Your opponent reported the result: confirm or dispute it.'));
    await checkScreen(page, 'tournament-next-match', mine);
    // The completed sample tournament's card names its champion.
    await page.goto('/home');
    await visible(text(card(page, 'Duo Hot Zone Showdown'), 'Heat Wave'));

    // A visitor has no match of their own.
    const visitor = (await newPerson(journey.browser, DESKTOP)).page;
    await visitor.goto(`/tournaments/${t.id}`);
    await visible(visitor.getByRole('region', { name: 'Bracket', exact: true }));
    expect(await visitor.getByRole('region', { name: 'Your match' }).count()).toBe(0);
  });
});
