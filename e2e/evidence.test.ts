// Evidence on a phone: a captain disputes a result with a screenshot (a file that is not an image and
// one over 5 MB are refused first), the screenshot is kept by Storage, and the administrator, also on
// a phone, sees the image beside the disputed result and settles the match.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { newPerson, PHONE } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import {
  ADMIN,
  adminRpc,
  createPlayer,
  createTournament,
  registerAs,
  signedInAs,
  updateTournament,
} from './support/data.ts';
import { checkScreen } from './support/screens.ts';
import { openLive, signInAt, text, visible } from './support/ui.ts';

const journey = journeyBrowser();

const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();
/** A real 1x1 PNG: the browser draws it, so a loaded thumbnail has a width. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Picks a file through the button's file chooser, as a person does. */
async function attach(page: Page, scope: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await scope.getByRole('button', { name: 'Attach screenshot' }).click();
  await (await chooser).setFiles(file);
}

/** The image has arrived and been drawn (a broken link has no natural width). */
async function drawn(image: Locator): Promise<void> {
  await visible(image);
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
}

describe('Evidence', () => {
  it('a captain disputes with a screenshot; the administrator sees the image and settles the match', async () => {
    const t = await createTournament('1v1', 2, 'E2E Evidence', { starts_at: minutes(120) });
    const [brock, rico] = [await createPlayer('brock'), await createPlayer('rico')];
    await registerAs(brock, t, undefined, '', ['Brock']);
    await registerAs(rico, t, undefined, '', ['Rico']);
    await updateTournament(t.id, { best_of: 1, checkin_opens_at: minutes(-5), checkin_closes_at: minutes(60) });
    const admin = await signedInAs(ADMIN);
    const { data: teams } = await admin.from('teams').select('id, registered_by').eq('tournament_id', t.id);
    for (const team of teams ?? []) await adminRpc('set_check_in', { p_team_id: team.id, p_checked_in: true });
    await updateTournament(t.id, { checkin_opens_at: minutes(-30), checkin_closes_at: minutes(-1) });
    await adminRpc('start_tournament', { p_tournament_id: t.id, p_seeding: 'checkin' });

    // Rico reports a win from his own device.
    const { data: match } = await admin.from('matches').select('id, team1_id').eq('tournament_id', t.id).single();
    const ricoClient = await signedInAs(rico);
    const ricoId = (await ricoClient.auth.getUser()).data.user!.id;
    const ricoTeam = teams!.find((x) => x.registered_by === ricoId)!.id;
    const { error } = await ricoClient.rpc('report_match', {
      p_match_id: match!.id,
      p_games: [{ winner: ricoTeam === match!.team1_id ? 1 : 2 }],
    });
    expect(error).toBeNull();

    // Brock, on a phone, opens the match from the tournament page.
    const { page } = await newPerson(journey.browser, PHONE);
    await signInAt(page, brock);
    await openLive(page, `/tournaments/${t.id}`, t.name);
    await page
      .getByRole('region', { name: 'Bracket', exact: true })
      .getByRole('button', { name: /Brock.*Rico|Rico.*Brock/ })
      .click();
    const dialog = page.getByRole('dialog');
    const evidence = dialog.getByRole('region', { name: 'Evidence' });
    await visible(text(evidence, 'No screenshots attached.'));

    // A file that is not an image, and a screenshot over 5 MB, are refused before anything is sent.
    await attach(page, evidence, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Rico lagged') });
    await visible(text(evidence, 'Attach a PNG, JPEG or WebP screenshot.'));
    const huge = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    await attach(page, evidence, { name: 'huge.png', mimeType: 'image/png', buffer: huge });
    await visible(text(evidence, 'Screenshots can be at most 5 MB.'));

    // The real screenshot goes in, and its thumbnail shows.
    await attach(page, evidence, { name: 'final score.png', mimeType: 'image/png', buffer: PNG });
    await visible(text(evidence, 'Screenshot attached.'));
    await drawn(evidence.getByRole('img', { name: 'Screenshot 1' }));

    await dialog.getByRole('button', { name: 'Dispute' }).click();
    const dispute = dialog.getByRole('form', { name: 'Dispute result' });
    await dispute
      .getByRole('textbox', { name: 'What is wrong with this result?' })
      .fill('I won 3-1, screenshot attached.');
    await checkScreen(page, 'evidence-dispute', dialog);
    await dispute.getByRole('button', { name: 'Send dispute' }).click();
    await visible(text(dialog, 'Dispute sent. An administrator will settle this match.'));

    // The administrator, on a phone, sees the image beside the disputed result and gives Brock the win.
    const { page: adminPage } = await newPerson(journey.browser, PHONE);
    await signInAt(adminPage, ADMIN, '/admindashboard');
    await adminPage.goto(`/admindashboard/tournaments/${t.id}/bracket`);
    const disputed = adminPage.getByRole('list', { name: 'Matches' }).getByRole('listitem').first();
    await visible(text(disputed, 'Dispute: I won 3-1, screenshot attached.'));
    const beside = disputed.getByRole('region', { name: /^Evidence for / });
    await drawn(beside.getByRole('img', { name: 'Screenshot 1' }));
    await checkScreen(adminPage, 'evidence-admin-disputed', disputed);

    await disputed.getByRole('button', { name: /^Set result of / }).click();
    const settle = adminPage.getByRole('dialog');
    await drawn(settle.getByRole('region', { name: 'Evidence' }).getByRole('img', { name: 'Screenshot 1' }));
    await settle.getByRole('combobox', { name: 'Game 1 winner' }).selectOption('Brock');
    await settle.getByRole('button', { name: 'Save result' }).click();
    await settle.waitFor({ state: 'hidden' });
    await visible(text(disputed, 'Winner: Brock'));
  });
});
