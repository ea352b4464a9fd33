import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '@/testing/render';
import { adminClient, signedInAdmin, signedInUser } from '@/testing/users';
import { createTournament } from '@/testing/data';

describe('Discord channels (administrators, /notifications)', () => {
  it('stores a tournament’s channel webhook, refusing a URL that is not Discord’s', async () => {
    const tournament = await createTournament({ type: '1v1' });
    await signedInAdmin();
    renderApp('/notifications');
    const field = await screen.findByRole('textbox', { name: `Discord webhook for ${tournament.name}` });
    const save = () => userEvent.click(screen.getByRole('button', { name: `Save the webhook for ${tournament.name}` }));

    await userEvent.type(field, 'https://example.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz');
    await save();
    expect(
      await screen.findByText('This is not a Discord channel webhook URL (https://discord.com/api/webhooks/...).'),
    ).toBeInTheDocument();

    const url = `https://discord.com/api/webhooks/123456789012345678/${'t'.repeat(68)}`;
    await userEvent.clear(field);
    await userEvent.type(field, url);
    await save();
    expect(await screen.findByText('Saved: BrawlCup posts there.')).toBeInTheDocument();
    const { data } = await (
      await adminClient()
    )
      .from('tournament_webhooks')
      .select('url')
      .eq('tournament_id', tournament.id);
    expect(data).toEqual([{ url }]);
  });

  it('is not offered to players', async () => {
    await signedInUser();
    renderApp('/notifications');
    expect(await screen.findByRole('heading', { name: 'What to tell you' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Discord channels' })).not.toBeInTheDocument();
  });
});
