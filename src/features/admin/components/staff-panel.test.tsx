// Tournament staff against the real stack: the administrator adds a moderator and a co-organiser by
// username; the moderator's dashboard shows only that tournament, without Add Tournament, Edit or
// Delete, and its staff list without the form; the co-organiser edits staff; an unknown username
// gets the database's message.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderApp } from '@/testing/render';
import { createTestUser, signedInAdmin, signInApp } from '@/testing/users';
import { createTournament, uniqueName } from '@/testing/data';
import { supabase } from '@/lib/supabase';

async function openStaff(name: string) {
  const result = renderApp('/admindashboard');
  await result.user.click(await screen.findByRole('button', { name: `View Teams for ${name}` }, { timeout: 10_000 }));
  const region = await screen.findByRole('region', { name: `Teams of ${name}` });
  await result.user.click(within(region).getByRole('link', { name: 'Staff' }));
  const staff = await screen.findByRole('region', { name: `Staff of ${name}` });
  return { ...result, r: within(staff) };
}

describe('Staff', () => {
  it('an administrator adds staff by username; staff see their tournament only, with what their role allows', async () => {
    const t = await createTournament({ type: '1v1', name: uniqueName('Staff Cup') });
    const other = await createTournament({ type: '1v1', name: uniqueName('Other Cup') });
    const mod = await createTestUser();
    const co = await createTestUser();

    await signedInAdmin();
    const admin = await openStaff(t.name);
    await admin.user.type(admin.r.getByLabelText('Username'), 'nobody-has-this-name');
    await admin.user.click(admin.r.getByRole('button', { name: 'Add to staff' }));
    expect(await admin.r.findByText('No player has the username nobody-has-this-name.')).toBeInTheDocument();
    await admin.user.clear(admin.r.getByLabelText('Username'));
    await admin.user.type(admin.r.getByLabelText('Username'), mod.username);
    await admin.user.click(admin.r.getByRole('button', { name: 'Add to staff' }));
    const table = await admin.r.findByRole('table', { name: 'Staff' });
    expect(await within(table).findByRole('cell', { name: mod.username })).toBeInTheDocument();
    await admin.user.type(admin.r.getByLabelText('Username'), co.username);
    await admin.user.selectOptions(admin.r.getByLabelText('Role'), 'Co-organiser');
    await admin.user.click(admin.r.getByRole('button', { name: 'Add to staff' }));
    expect(await within(table).findByRole('cell', { name: co.username })).toBeInTheDocument();
    admin.unmount();
    await supabase.auth.signOut({ scope: 'local' });

    // The moderator: their tournament only, no Add Tournament, Edit or Delete, the staff list read-only.
    await signInApp(mod);
    const moderator = await openStaff(t.name);
    expect(screen.queryByRole('button', { name: `View Teams for ${other.name}` })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Tournament' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel tournament' })).not.toBeInTheDocument();
    expect(await moderator.r.findByRole('cell', { name: co.username })).toBeInTheDocument();
    expect(moderator.r.queryByRole('button', { name: 'Add to staff' })).not.toBeInTheDocument();
    moderator.unmount();
    renderApp(`/admindashboard/tournaments/${other.id}/teams`);
    expect(await screen.findByText('You are not allowed to view this page')).toBeInTheDocument();
    await supabase.auth.signOut({ scope: 'local' });

    // The co-organiser removes the moderator.
    await signInApp(co);
    const organiser = await openStaff(t.name);
    expect(screen.getByRole('button', { name: 'Cancel tournament' })).toBeInTheDocument();
    await organiser.user.click(await organiser.r.findByRole('button', { name: `Remove ${mod.username}` }));
    await expect.poll(() => organiser.r.queryByRole('cell', { name: mod.username }), { timeout: 10_000 }).toBeNull();
  });
});
