// An organiser's way through a one-evening cup from the admin screens alone (issue 29): a typed time
// is kept exactly (item 3).
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, newPerson, PHONE } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { ADMIN, listTournaments, tag } from './support/data.ts';
import { chooseDay, field, signInAt, visible } from './support/ui.ts';

const journey = journeyBrowser();

async function openCreateForm(page: Page): Promise<Locator> {
  await signInAt(page, ADMIN, '/admindashboard');
  await page.getByRole('button', { name: 'Add Tournament' }).click();
  const form = page.getByRole('form', { name: 'Create tournament' });
  await visible(form);
  return form;
}

describe("The organiser's console", () => {
  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`keeps a time typed in one go, "1830", as 18:30 (${size})`, async () => {
      const { page } = await newPerson(journey.browser, viewport);
      const form = await openCreateForm(page);
      const name = `E2E Typed Time ${tag()}`;
      await field(form, 'Tournament Name').fill(name);
      await field(form, 'Description').fill('A time typed, not picked');
      await field(form, 'Discord Link').fill('https://discord.gg/e2e-typed');
      const day = new Date();
      day.setDate(day.getDate() + 2);
      await chooseDay(page, form, 'Start', day);
      await page.getByRole('spinbutton', { name: 'Hours' }).click();
      await page.keyboard.type('1830');
      await page.getByRole('button', { name: 'Set start' }).click();
      await visible(form.getByRole('button', { name: /^Start/ }).filter({ hasText: '18:30' }));
      await form.getByRole('button', { name: 'Create Tournament' }).click();
      await visible(page.getByRole('status').filter({ hasText: 'Tournament added successfully' }));
      const created = (await listTournaments()).find((t) => t.name === name)!;
      const expected = new Date(day);
      expected.setHours(18, 30, 0, 0);
      expect(new Date(created.starts_at!).toISOString()).toBe(expected.toISOString());
    });
  }
});
