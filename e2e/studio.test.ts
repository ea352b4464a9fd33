// The operator's studio in a real browser (its script is TypeScript compiled by Vite): browse to a
// table, filter its rows, edit one row through the dialog, and see the change in the grid.
import { describe, expect, it } from 'vitest';
import { DESKTOP, newPerson } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { createTournament, tag } from './support/data.ts';
import { visible } from './support/ui.ts';

const journey = journeyBrowser();

describe('The studio', () => {
  it('browses a table and edits a row', async () => {
    const t = await createTournament('2v2', 6, 'Studio');
    const { page } = await newPerson(journey.browser, DESKTOP);
    await page.goto('/studio');
    await page.locator('#tables a[data-schema="public"][data-table="tournaments"]').click();
    await visible(page.getByRole('heading', { name: 'public.tournaments' }));

    // Filter to the tournament this test made.
    const filter = page.getByRole('search');
    await filter.locator('select[name="col"]').selectOption('name');
    await filter.getByRole('textbox', { name: 'Value' }).fill(t.name);
    await filter.getByRole('button', { name: 'Apply' }).click();
    await visible(page.getByText('1 row match'));

    await page.getByRole('button', { name: 'Edit row 1' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog);
    const description = `Edited in the studio ${tag()}`;
    await dialog.getByLabel(/^description\s/).fill(description);
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await visible(page.getByText('Row saved.'));
    await visible(page.getByRole('cell', { name: description }));
    expect(await page.getByRole('cell', { name: t.name }).count()).toBe(1);
  });
});
