// The tournament form's Swiss settings against the real local stack: Swiss shows its rounds, top cut
// and the cut's bracket; what the administrator picks is what the tournament keeps; a wrong number
// of rounds is refused on the client; switching back to another format clears the settings.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '@/testing/render';
import { adminClient, signedInAdmin } from '@/testing/users';
import { uniqueName } from '@/testing/data';

async function savedSettings(name: string) {
  const { data } = await (
    await adminClient()
  )
    .from('tournaments')
    .select('format, swiss_rounds, top_cut, top_cut_format')
    .eq('name', name)
    .single()
    .throwOnError();
  return data;
}

describe('Tournament form: Swiss', () => {
  it('creates a Swiss tournament with its rounds and a top 8 cut, then edits it into single elimination', async () => {
    await signedInAdmin();
    const { user } = renderApp('/admindashboard/new');
    const form = await screen.findByRole('form', { name: 'Create tournament' }, { timeout: 10_000 });
    const f = within(form);
    const name = uniqueName('Swiss Cup');
    await user.type(f.getByLabelText(/^Tournament Name/), name);
    await user.type(f.getByLabelText(/^Description/), 'Three Swiss rounds, then the top 8');
    await user.type(f.getByLabelText(/^Discord Link/), 'https://discord.gg/swiss');
    expect(f.queryByLabelText(/^Swiss rounds/)).not.toBeInTheDocument();
    await user.selectOptions(f.getByLabelText(/^Format/), 'Swiss');
    await user.type(f.getByLabelText(/^Swiss rounds/), '0');
    await user.selectOptions(f.getByLabelText(/^Top cut$/), 'Top 8');
    await user.selectOptions(f.getByLabelText(/^Top cut bracket/), 'Double elimination');
    await user.click(f.getByRole('button', { name: 'Create Tournament' }));
    expect(
      await f.findByText('Rounds are a whole number from 1 to 20 (empty: enough for the teams).'),
    ).toBeInTheDocument();
    await user.clear(f.getByLabelText(/^Swiss rounds/));
    await user.type(f.getByLabelText(/^Swiss rounds/), '3');
    await user.click(f.getByRole('button', { name: 'Create Tournament' }));
    expect(await screen.findByText('Tournament added successfully', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await savedSettings(name)).toEqual({
      format: 'swiss',
      swiss_rounds: 3,
      top_cut: 8,
      top_cut_format: 'double_elimination',
    });

    await user.click(await screen.findByRole('button', { name: `Edit ${name}` }, { timeout: 10_000 }));
    const edit = within(await screen.findByRole('form', { name: 'Edit tournament' }));
    expect(edit.getByLabelText(/^Swiss rounds/)).toHaveValue('3');
    await user.selectOptions(edit.getByLabelText(/^Format/), 'Single elimination');
    await user.click(edit.getByRole('button', { name: 'Update Tournament' }));
    await expect.poll(async () => (await savedSettings(name)).format, { timeout: 10_000 }).toBe('single_elimination');
    expect(await savedSettings(name)).toMatchObject({ swiss_rounds: null, top_cut: null });
  });
});
