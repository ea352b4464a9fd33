// The public tournament page as people use a shared link: a visitor reads it, is asked to sign in,
// comes back, registers (countdown, then the Discord link, which a reload keeps), withdraws after
// confirming; a second browser watching the page sees the slot count move without a reload.
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPerson, PHONE } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { createPlayer, createTournament, discordLinkOf, playerId } from './support/data.ts';
import { checkScreen } from './support/screens.ts';
import { field, liveJoined, openLive, region, text, visible, waitForPath } from './support/ui.ts';

const journey = journeyBrowser();

describe('The tournament page', () => {
  it('takes a visitor from a shared link through sign-in to registering and withdrawing, live for others', async () => {
    const t = await createTournament('1v1', 4, 'E2E Page', {
      description: 'The shared-link cup',
      starts_at: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      prize: 'Rs500 + Brawl Pass',
      rules: '1. No teaming\n2. Screenshots of every result\nQuestions: https://example.com/faq',
    });
    const path = `/tournaments/${t.id}`;
    const me = await createPlayer('page');
    const { page } = await newPerson(journey.browser, PHONE);
    const watcher = (await newPerson(journey.browser, DESKTOP)).page;

    // A visitor reads the whole page.
    await page.goto(path);
    await visible(page.getByRole('heading', { level: 1, name: t.name }));
    await visible(text(page, 'Rs500 + Brawl Pass'));
    await visible(text(page, 'Registration open'));
    await visible(text(page, '0 / 4 teams'));
    await visible(region(page, 'Rules').getByRole('link', { name: 'https://example.com/faq' }));
    await visible(text(page, 'No teams have registered yet.'));
    expect(await page.getByRole('link', { name: 'Join Discord' }).count()).toBe(0);
    await checkScreen(page, 'tournament-page-visitor', page.getByRole('heading', { level: 1 }));

    // Acting asks them to sign in, and signing in brings them back here.
    const mine = region(page, 'Your registration');
    await mine.getByRole('button', { name: 'Register' }).click();
    await visible(text(mine, 'Please sign in to register.'));
    await mine.getByRole('link', { name: 'Sign in' }).click();
    await waitForPath(page, '/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe(path);
    await field(page, 'Email').fill(me.email);
    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await waitForPath(page, path);

    // Someone else watches the same page.
    await openLive(watcher, path, t.name);
    await visible(text(watcher, '0 / 4 teams'));

    // Register: the form of the cards, then the 5-second countdown, then the Discord link.
    await liveJoined(page);
    await mine.getByRole('button', { name: 'Register' }).click();
    const form = mine.getByRole('form');
    await field(form, 'Player 1 ID').fill(playerId());
    await field(form, 'Player 1 In-Game Name').fill('PageStar');
    await form.getByRole('button', { name: 'Submit Registration' }).click();
    await visible(text(mine, 'Wait for the Discord Link'));
    await visible(text(mine, 'Team registered successfully'), 10_000);
    const link = await discordLinkOf(t.id);
    expect(await mine.getByRole('link', { name: 'Join Discord' }).getAttribute('href')).toBe(link);
    await visible(text(mine, 'Registered'));
    await visible(text(page, '1 / 4 teams'));
    await visible(region(page, 'Teams').getByText('PageStar'));
    await checkScreen(page, 'tournament-page-registered', mine);

    // The watcher's count moved without a reload.
    await visible(text(watcher, '1 / 4 teams'), 5_000);
    await visible(region(watcher, 'Teams').getByText('PageStar'));

    // After a reload the link is still theirs.
    await page.reload();
    await visible(text(mine, 'Registered'));
    expect(await mine.getByRole('link', { name: 'Join Discord' }).getAttribute('href')).toBe(link);

    // Withdraw, with a confirmation first.
    await mine.getByRole('button', { name: 'Withdraw' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw your team?' });
    await visible(dialog);
    await checkScreen(page, 'tournament-page-withdraw', dialog);
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await visible(mine.getByRole('button', { name: 'Register' }));
    await visible(text(page, '0 / 4 teams'));
    expect(await mine.getByRole('link', { name: 'Join Discord' }).count()).toBe(0);
    await visible(text(watcher, '0 / 4 teams'), 5_000);
    await visible(text(watcher, 'No teams have registered yet.'));
  });

  it('shows "Tournament not found" for a link to no tournament', async () => {
    const { page } = await newPerson(journey.browser, PHONE);
    await page.goto('/tournaments/00000000-0000-4000-8000-00000000dead');
    await visible(page.getByRole('heading', { name: 'Tournament not found' }));
    await checkScreen(page, 'tournament-page-not-found');
    await page.goto('/tournaments/nope');
    await visible(page.getByRole('heading', { name: 'Tournament not found' }));
  });
});
