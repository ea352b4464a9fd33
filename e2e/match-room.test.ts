// The match room on phones: two captains meet in the lobby (the room code reaches the two teams,
// never a spectator), mark ready, and draft a best-of-3 3v3 set: one blind global ban each (a
// spectator watching live never sees one before both are in), per-game bans and snake picks, one
// pick left to run out on its timer, each game's winner recorded, the loser of game 1 first to ban
// in game 2. A spectator follows it all without reloading.
import { describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { newPerson, PHONE } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import {
  adminRpc,
  createPlayer,
  createTournament,
  registerAs,
  setRoundBestOf,
  signedInAs,
  type Player,
} from './support/data.ts';
import { checkScreen } from './support/screens.ts';
import { liveJoined, signInAt, text, visible } from './support/ui.ts';

const journey = journeyBrowser();

/** How long a change may take to reach another phone here (the CPU is shared). */
const LIVE_MS = 10_000;
/** The round's step timer: short, so one can be let run out. */
const STEP_SECONDS = 20;

async function inRoom(browser: Browser, who: Player | null, matchId: string): Promise<Page> {
  const { page } = await newPerson(browser, PHONE);
  if (who) await signInAt(page, who);
  await page.goto(`/matches/${matchId}`);
  await liveJoined(page, LIVE_MS);
  return page;
}

const turn = (page: Page) => page.getByRole('status', { name: 'Turn' });
const board = (page: Page) => page.getByRole('region', { name: 'Full draft' });
const setBans = (page: Page) => page.getByRole('table', { name: 'Bans for the set' });

/** The captain whose turn it is picks (or bans) a brawler by its name. */
async function choose(page: Page, brawler: string): Promise<void> {
  await visible(turn(page).getByText(/Your turn/), LIVE_MS);
  await page.getByRole('textbox', { name: /^Choose to/ }).fill(brawler);
  await page.getByRole('button', { name: brawler, exact: true }).click();
  await expect
    .poll(() => page.getByRole('button', { name: brawler, exact: true }).count(), { timeout: LIVE_MS })
    .toBe(0);
}

async function draftGame(a: Page, b: Page, steps: [Page, string][]): Promise<void> {
  for (const [page, brawler] of steps) await choose(page, brawler);
  for (const page of [a, b]) await visible(page.getByText(/: play it$/), LIVE_MS);
}

function cell(scope: Locator, row: string, team: number): Locator {
  return scope
    .getByRole('row', { name: new RegExp(`^${row}`) })
    .getByRole('cell')
    .nth(team - 1);
}

describe('the match room', () => {
  it('two captains draft a best-of-3 on their phones while a spectator watches', async () => {
    const [alpha, bravo, fan] = await Promise.all([createPlayer('alpha'), createPlayer('bravo'), createPlayer('fan')]);
    const t = await createTournament('3v3', 2, 'E2E Draft');
    await registerAs(alpha, t, undefined, 'Alpha Squad');
    await registerAs(bravo, t, undefined, 'Bravo Squad');
    for (const captain of [alpha, bravo]) {
      const { data } = await (await signedInAs(captain)).from('teams').select('id').eq('tournament_id', t.id).single();
      await adminRpc('set_check_in', { p_team_id: data!.id, p_checked_in: true });
    }
    await adminRpc('start_tournament', { p_tournament_id: t.id, p_seeding: 'checkin' });
    await setRoundBestOf(t.id, 'winners', 1, 3);
    await adminRpc('set_round_draft', {
      p_tournament_id: t.id,
      p_bracket: 'winners',
      p_round: 1,
      p_kind: 'full',
      p_global_bans: 1,
      p_game_bans: 1,
      p_step_seconds: STEP_SECONDS,
    });
    const { data: match } = await (
      await signedInAs(alpha)
    )
      .from('matches')
      .select('id')
      .eq('tournament_id', t.id)
      .single();

    const a = await inRoom(journey.browser, alpha, match!.id);
    const b = await inRoom(journey.browser, bravo, match!.id);
    const spectator = await inRoom(journey.browser, fan, match!.id);
    await visible(spectator.getByRole('heading', { name: 'Alpha Squad vs Bravo Squad' }));

    // The lobby: Alpha, the higher seed, posts the room code; Bravo sees it at once, the spectator never.
    await a.getByRole('textbox', { name: 'Room code or invite link' }).fill('X8K2PQ');
    await a.getByRole('button', { name: 'Post', exact: true }).click();
    await visible(text(b, 'X8K2PQ'), LIVE_MS);
    await expect(b.getByRole('textbox', { name: 'Room code or invite link' }).count()).resolves.toBe(0);
    for (const page of [b, a]) await page.getByRole('button', { name: 'We are ready' }).click();

    // Blind global bans: Alpha's stays on Alpha's phone until Bravo's is in.
    await choose(a, 'Shelly');
    await visible(turn(a).getByText(/waiting for the other team/), LIVE_MS);
    await visible(turn(spectator).getByText('Both teams: ban a brawler for the whole set (blind)'), LIVE_MS);
    await visible(text(cell(setBans(a), 'Global bans', 1), 'Shelly'));
    expect(await setBans(spectator).count()).toBe(0);
    expect(await setBans(b).count()).toBe(0);
    await choose(b, 'Colt');
    for (const page of [spectator, a, b]) {
      await visible(text(cell(setBans(page), 'Global bans', 1), 'Shelly'), LIVE_MS);
      await visible(text(cell(setBans(page), 'Global bans', 2), 'Colt'), LIVE_MS);
    }

    // Game 1: Alpha bans first and picks first (ABBAAB); Alpha lets its second pick run out.
    for (const [page, brawler] of [
      [a, 'Spike'],
      [b, 'Crow'],
      [a, 'Leon'],
      [b, 'Mortis'],
      [b, 'Sandy'],
    ] as const) {
      await choose(page, brawler);
    }
    await visible(turn(a).getByText(/Your turn: pick a brawler/), LIVE_MS);
    // Nobody clicks: at the deadline a legal brawler is chosen for Alpha, which every phone sees.
    await visible(board(spectator).getByText('timer', { exact: true }), (STEP_SECONDS + 15) * 1000);
    await draftGame(a, b, [
      [a, 'Max'],
      [b, 'Gene'],
    ]);
    await checkScreen(spectator, 'match-room-draft', board(spectator));
    await b.getByRole('button', { name: 'Alpha Squad won game 1' }).click();

    // Game 2: the winner of game 1, Alpha, bans and picks first; game 1's bans are lifted.
    await visible(spectator.getByRole('region', { name: 'Game 1' }).getByText('Alpha Squad won'), LIVE_MS);
    await draftGame(a, b, [
      [a, 'Tara'],
      [b, 'Piper'],
      [a, 'Spike'],
      [b, 'Crow'],
      [b, 'Bea'],
      [a, 'Leon'],
      [a, 'Bo'],
      [b, 'Emz'],
    ]);
    await a.getByRole('button', { name: 'Alpha Squad won game 2' }).click();
    for (const page of [a, b, spectator])
      await visible(page.getByText('The draft is over: report the result below.'), LIVE_MS);
    await visible(
      cell(spectator.getByRole('region', { name: 'Game 2' }).getByRole('table'), 'Picks', 1).getByText('Spike'),
    );
    await checkScreen(a, 'match-room', a.getByRole('heading', { name: 'Alpha Squad vs Bravo Squad' }));

    // The spectator's page was never reloaded, and never showed the lobby.
    expect(await text(spectator, 'X8K2PQ').count()).toBe(0);
    expect(await spectator.getByRole('heading', { name: 'Lobby' }).count()).toBe(0);
  }, 240_000);
});
