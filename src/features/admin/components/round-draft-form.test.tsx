// The organiser's draft settings for a round against the real stack: a full draft saved and shown
// on the round, and a pick order the team size does not allow refused in the database's words.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '@/testing/render';
import { adminClient, signedInAdmin } from '@/testing/users';
import { startedTournament } from '@/testing/brackets';
import type { AdminTournament } from '@/features/admin/api/get-tournament';
import { BracketPanel } from '@/features/admin/components/bracket-panel';
import { draftPickOrderInvalid } from '@/lib/database-errors';

describe('Round draft', () => {
  it('saves a full draft for a round and refuses a pick order the team size does not allow', async () => {
    const { tournament } = await startedTournament('single_elimination', 4);
    const admin = await adminClient();
    const { data } = await admin
      .from('tournaments')
      .select('*, phase, checkin_closes')
      .eq('id', tournament.id)
      .single();
    await signedInAdmin();
    const { user } = renderWithProviders(<BracketPanel tournament={data as unknown as AdminTournament} teams={[]} />);
    const rounds = await screen.findByRole('list', { name: 'Rounds' }, { timeout: 10_000 });
    const final = within(within(rounds).getByRole('listitem', { name: 'Final' }));
    expect(final.getByText('Draft: off')).toBeInTheDocument();

    await user.click(final.getByRole('button', { name: 'Draft of Final' }));
    let form = within(screen.getByRole('form', { name: 'Draft of Final' }));
    await user.selectOptions(form.getByLabelText('Draft'), 'full');
    await user.type(form.getByLabelText(/^Pick order/), 'AAAB');
    await user.click(form.getByRole('button', { name: 'Save draft' }));
    const size = tournament.type.slice(0, 1);
    expect(await form.findByText(draftPickOrderInvalid.message.replace('%s', size))).toBeInTheDocument();

    await user.clear(form.getByLabelText(/^Pick order/));
    await user.clear(form.getByLabelText('Seconds per step'));
    await user.type(form.getByLabelText('Seconds per step'), '45');
    await user.click(form.getByRole('button', { name: 'Save draft' }));
    expect(await final.findByText('Draft: full draft', {}, { timeout: 10_000 })).toBeInTheDocument();
    const { data: saved } = await admin
      .from('round_drafts')
      .select('kind, step_seconds, pick_order')
      .eq('tournament_id', tournament.id);
    expect(saved).toEqual([{ kind: 'full', step_seconds: 45, pick_order: null }]);

    await user.click(final.getByRole('button', { name: 'Draft of Final' }));
    form = within(screen.getByRole('form', { name: 'Draft of Final' }));
    expect(form.getByLabelText('Draft')).toHaveValue('full');
  });
});
