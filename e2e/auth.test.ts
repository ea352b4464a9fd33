// Accounts: a visitor's first journey from the landing page to an edited profile, wrong
// credentials, a second sign-up with the same e-mail, and a forgotten password through the mailbox.
import { describe, expect, it } from 'vitest';
import { baseUrl, newPerson, pathOf, PHONE } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { createPlayer, newPlayerDetails, PASSWORD, playerId } from './support/data.ts';
import { checkScreen } from './support/screens.ts';
import { field, signIn, signInAt, text, visible, waitForPath } from './support/ui.ts';

const journey = journeyBrowser();

describe('Accounts', () => {
  it('takes a visitor from the landing page to an account, /home and an edited profile that survives a reload', async () => {
    const { page, context } = await newPerson(journey.browser);
    const me = newPlayerDetails('journey');

    await page.goto('/');
    await visible(page.getByRole('heading', { level: 1, name: /Compete\. Win\./ }));
    for (const title of ['Competitive Tournaments', 'Team Formation', 'Custom Matches', 'Rewards System']) {
      await visible(page.getByRole('heading', { name: title }));
    }
    for (const figure of ['100+', 'Rs500+', '24/7']) await visible(text(page, figure));
    expect(await page.getByRole('link', { name: 'Sign in' }).first().getAttribute('href')).toBe('/login');
    await checkScreen(page, 'landing');

    await page.getByRole('link', { name: 'Start Your Journey' }).click();
    await waitForPath(page, '/register');
    await visible(page.getByRole('heading', { name: 'Create Account' }));
    expect(await page.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(await page.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/');
    await checkScreen(page, 'register');

    await field(page, 'Email').fill(me.email);
    await field(page, 'Username').fill(me.username);
    await field(page, 'Game ID').fill(me.gameId);
    await page.getByLabel('Password', { exact: true }).fill(me.password);
    await page.getByRole('button', { name: 'Create Account' }).click();

    await waitForPath(page, '/home');
    await visible(page.getByRole('heading', { name: 'Tournaments', level: 1 }));
    await visible(page.getByRole('article').first());
    await checkScreen(page, 'home');
    // The header: the brand goes home; Tournaments, Leaderboard, Profile, My Tournaments, Contact Us and Logout.
    expect(await page.getByRole('link', { name: 'BrawlCup home' }).getAttribute('href')).toBe('/home');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const [name, href] of [
      ['Tournaments', '/home'],
      ['Leaderboard', '/leaderboard'],
      ['Profile', '/profile'],
      ['My Tournaments', '/my-tournaments'],
      ['Contact Us', '/contactus'],
      ['Logout', '/'],
    ]) {
      expect(await nav.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }

    await page.getByRole('link', { name: 'Profile' }).click();
    await waitForPath(page, '/profile');
    await visible(page.getByRole('heading', { name: 'Profile Information' }));
    const email = field(page, 'Email');
    const username = field(page, 'Username');
    const gameId = field(page, 'Game ID');
    expect(await email.inputValue()).toBe(me.email);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    expect(await username.inputValue()).toBe(me.username);
    expect(await gameId.inputValue()).toBe(`#${me.gameId}`);
    await checkScreen(page, 'profile');

    await page.getByRole('button', { name: 'Edit' }).click();
    await visible(page.getByRole('button', { name: 'Save' }));
    expect(await email.getAttribute('readonly')).not.toBeNull();
    await checkScreen(page, 'profile-edit');
    const newName = `Renamed${me.username.slice(-6)}`;
    const newId = playerId();
    await username.fill(newName);
    await gameId.fill(newId);
    await page.getByRole('button', { name: 'Save' }).click();
    await visible(page.getByRole('button', { name: 'Edit' }));
    expect(await username.inputValue()).toBe(newName);

    await page.reload();
    await visible(page.getByRole('heading', { name: 'Profile Information' }));
    await visible(page.getByRole('button', { name: 'Edit' }));
    expect(await field(page, 'Username').inputValue()).toBe(newName);
    expect(await field(page, 'Game ID').inputValue()).toBe(`#${newId}`);
    await context.close();
  });

  it('shows the loading screen of /profile while the profile loads', async () => {
    const { page, context } = await newPerson(journey.browser);
    const me = await createPlayer('loading');
    await signInAt(page, me);
    // Hold the profile read so the loading screen can be seen for what it is.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/rest/v1/profiles*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('link', { name: 'Profile' }).click();
    await visible(text(page, 'Loading your Profile...'));
    release();
    await visible(page.getByRole('heading', { name: 'Profile Information' }));
    await context.close();
  });

  it('says "Incorrect credentials" for a wrong password, and the login page links where the spec says', async () => {
    const { page, context } = await newPerson(journey.browser, PHONE);
    const me = await createPlayer('wrongpw');
    await signIn(page, { email: me.email, password: 'not-my-password' });
    await visible(page.getByRole('alert').filter({ hasText: 'Incorrect credentials' }));
    expect(pathOf(page)).toBe('/login');
    expect(await page.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe(
      '/forgotpassword',
    );
    expect(await page.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/register');
    expect(await page.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/');
    await checkScreen(page, 'login-error');

    // An unknown e-mail reads the same: nothing tells which part was wrong.
    await signIn(page, { email: `nobody-${me.email}`, password: PASSWORD });
    await visible(page.getByRole('alert').filter({ hasText: 'Incorrect credentials' }));
    await context.close();
  });

  it('says "User already exists" when an e-mail signs up a second time', async () => {
    const { page, context } = await newPerson(journey.browser);
    const me = await createPlayer('twice');
    await page.goto('/register');
    await visible(page.getByRole('heading', { name: 'Create Account' }));
    await field(page, 'Email').fill(me.email);
    await field(page, 'Username').fill('SecondTry');
    await field(page, 'Game ID').fill(playerId());
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'User already exists' }));
    expect(pathOf(page)).toBe('/register');
    await checkScreen(page, 'register-error');
    await context.close();
  });

  it('resets a forgotten password through the mailed link, and the new password signs in', async () => {
    const { page, context } = await newPerson(journey.browser);
    const me = await createPlayer('forgot');

    await signIn(page, { email: me.email, password: 'wrong-guess' });
    await visible(page.getByRole('alert').filter({ hasText: 'Incorrect credentials' }));
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await waitForPath(page, '/forgotpassword');
    await visible(page.getByRole('heading', { name: 'Forgot Password' }));
    await checkScreen(page, 'forgot-password');
    await field(page, 'Email').fill(me.email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await visible(text(page, 'Password reset email sent. Please check your inbox.'));
    await checkScreen(page, 'forgot-password-sent');

    const mailUrl = `${baseUrl}/mail/api/messages?to=${encodeURIComponent(me.email)}`;
    const messages = (await (await fetch(mailUrl)).json()) as {
      to: string;
      subject: string;
      text: string;
      link?: string;
    }[];
    expect(messages).toHaveLength(1);
    expect(messages[0]!.to.toLowerCase()).toBe(me.email);
    expect(messages[0]!.subject).toMatch(/password/i);
    expect(messages[0]!.link).toBeTruthy();
    expect(messages[0]!.text).toContain(messages[0]!.link!);

    await page.goto(messages[0]!.link!);
    await waitForPath(page, '/reset-password');
    await visible(page.getByRole('heading', { name: 'Set a new password' }));
    await visible(page.getByLabel('New password', { exact: true }));
    await checkScreen(page, 'reset-password');
    const newPassword = 'fresh-pass-2';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: 'Update password' }).click();
    await visible(text(page, 'Your password has been updated.'));

    // A new person on another device: the old password no longer works, the new one does.
    const other = await newPerson(journey.browser);
    await signIn(other.page, { email: me.email, password: me.password });
    await visible(other.page.getByRole('alert').filter({ hasText: 'Incorrect credentials' }));
    await signInAt(other.page, { email: me.email, password: newPassword });
    await other.context.close();
    await context.close();
  });
});
