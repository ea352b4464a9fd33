// The tournament form's schedule and details against the real stack: times picked in the viewer's
// zone are stored as those instants, the defaults are shown as the database applies them, the order
// is checked with the database's words, and a refusal from the database lands on its field.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import dayjs from 'dayjs';
import { renderApp } from '@/testing/render';
import { adminClient, signedInAdmin } from '@/testing/users';
import { createTournament, uniqueName } from '@/testing/data';

async function openDashboard() {
  await signedInAdmin();
  const result = renderApp('/admindashboard');
  await screen.findByRole('button', { name: 'Manage Tournaments' }, { timeout: 10_000 });
  return result;
}

/** Picks a date and time as a person does: open the picker, find the day, type the time, confirm. */
async function pickTime(user: UserEvent, form: HTMLElement, label: string, at: Date) {
  // The last picker's calendar leaves with a transition: under load it is still there, with the same days.
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Next month' })).not.toBeInTheDocument());
  await user.click(within(form).getByRole('button', { name: new RegExp(`^${label}`) }));
  const day = dayjs(at).format('D MMMM YYYY');
  // The calendar shows once its opening transition has run.
  const next = await screen.findByRole('button', { name: 'Next month' });
  for (let i = 0; i < 24 && !screen.queryByRole('button', { name: day }); i++) await user.click(next);
  await user.click(screen.getByRole('button', { name: day }));
  const hours = screen.getByRole('spinbutton', { name: 'Hours' });
  await user.clear(hours);
  await user.type(hours, dayjs(at).format('HH'));
  const minutes = screen.getByRole('spinbutton', { name: 'Minutes' });
  await user.clear(minutes);
  await user.type(minutes, dayjs(at).format('mm'));
  await user.click(screen.getByRole('button', { name: `Set ${label.toLowerCase()}` }));
}

/** A whole minute some days ahead, in the viewer's zone. */
function daysAhead(days: number, hour: number, minute = 0): Date {
  return dayjs().add(days, 'day').hour(hour).minute(minute).second(0).millisecond(0).toDate();
}

async function stored(name: string) {
  const { data } = await (
    await adminClient()
  )
    .from('tournaments')
    .select('id, starts_at, registration_closes_at, checkin_opens_at, checkin_closes_at, prize, rules, format, best_of')
    .eq('name', name)
    .single();
  return data!;
}

describe('Tournament form schedule', () => {
  it('creates a tournament with a schedule, details and the default check-in', async () => {
    const { user } = await openDashboard();
    const name = uniqueName('Schedule Cup');
    const start = daysAhead(3, 19, 30);

    await user.click(screen.getByRole('button', { name: 'Add Tournament' }));
    const form = await screen.findByRole('form', { name: 'Create tournament' });
    const f = within(form);
    await user.type(f.getByLabelText(/^Tournament Name/), name);
    await user.type(f.getByLabelText(/^Description/), 'Scheduled trios');
    await user.type(f.getByLabelText(/^Discord Link/), 'https://discord.gg/schedule');
    await pickTime(user, form, 'Start', start);
    expect(f.getByRole('button', { name: /^Start/ })).toHaveTextContent(dayjs(start).format('ddd D MMM YYYY, HH:mm'));
    // The defaults follow the start: check-in 60 minutes before it, registration closing then.
    expect(f.getByText(/^Default: 60 minutes before the start \(.*18:30/)).toBeInTheDocument();
    expect(f.getByText(/^Default: at the start \(.*19:30/)).toBeInTheDocument();
    await user.selectOptions(f.getByLabelText(/^Format/), 'double_elimination');
    await user.selectOptions(f.getByLabelText(/^Best of/), '3');
    await user.type(f.getByLabelText(/^Prize/), 'Rs500 + Brawl Pass');
    await user.type(f.getByLabelText(/^Rules/), 'No teaming.{enter}Screenshots of every result.');
    await user.click(f.getByRole('button', { name: 'Create Tournament' }));

    expect(await screen.findByText('Tournament added successfully', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(await stored(name)).toMatchObject({
      registration_closes_at: null,
      checkin_opens_at: null,
      checkin_closes_at: null,
      prize: 'Rs500 + Brawl Pass',
      rules: 'No teaming.\nScreenshots of every result.',
      format: 'double_elimination',
      best_of: 3,
    });
    expect(new Date((await stored(name)).starts_at!).getTime()).toBe(start.getTime());
  }, 60_000);

  it('checks the order of the times with the words the database uses', async () => {
    const { user } = await openDashboard();
    await user.click(screen.getByRole('button', { name: 'Add Tournament' }));
    const form = await screen.findByRole('form', { name: 'Create tournament' });
    const f = within(form);
    await user.type(f.getByLabelText(/^Tournament Name/), uniqueName('Order Cup'));
    await user.type(f.getByLabelText(/^Description/), 'Times out of order');
    await user.type(f.getByLabelText(/^Discord Link/), 'https://discord.gg/order');

    await pickTime(user, form, 'Check-in opens', daysAhead(2, 18));
    await user.click(f.getByRole('button', { name: 'Create Tournament' }));
    expect(await f.findByText('Set a start time before the check-in and registration times.')).toBeInTheDocument();

    await pickTime(user, form, 'Start', daysAhead(2, 20));
    await pickTime(user, form, 'Check-in closes', daysAhead(2, 17));
    await user.click(f.getByRole('button', { name: 'Create Tournament' }));
    expect(await f.findByText('Check-in must open before it closes.')).toBeInTheDocument();

    await pickTime(user, form, 'Check-in closes', daysAhead(2, 21));
    await user.click(f.getByRole('button', { name: 'Create Tournament' }));
    expect(await f.findByText('Check-in must close by the start time.')).toBeInTheDocument();

    await pickTime(user, form, 'Check-in closes', daysAhead(2, 19));
    await pickTime(user, form, 'Registration closes', daysAhead(2, 19, 30));
    await user.click(f.getByRole('button', { name: 'Create Tournament' }));
    expect(await f.findByText('Registration must close by the end of check-in.')).toBeInTheDocument();
    expect(screen.queryByText('Tournament added successfully')).not.toBeInTheDocument();
  }, 120_000);

  it("shows the database's refusal on its field when another change made the times clash", async () => {
    const start = daysAhead(4, 20);
    const t = await createTournament({ starts_at: start.toISOString() });
    const { user } = await openDashboard();
    await user.click(await screen.findByRole('button', { name: `Edit ${t.name}` }, { timeout: 10_000 }));
    const form = await screen.findByRole('form', { name: 'Edit tournament' });
    const f = within(form);
    expect(f.getByRole('button', { name: /^Start/ })).toHaveTextContent(dayjs(start).format('ddd D MMM YYYY, HH:mm'));

    // Another administrator closes check-in at 19:30 while this form moves the start to 19:00.
    await (
      await adminClient()
    )
      .from('tournaments')
      .update({ checkin_closes_at: daysAhead(4, 19, 30).toISOString() })
      .eq('id', t.id)
      .throwOnError();
    await pickTime(user, form, 'Start', daysAhead(4, 19));
    await user.click(f.getByRole('button', { name: 'Update Tournament' }));
    expect(await f.findByText('Check-in must close by the start time.', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.queryByText('Tournament updated successfully')).not.toBeInTheDocument();
    expect(new Date((await stored(t.name)).starts_at!).getTime()).toBe(start.getTime());
  });
});
