// Reaching the players, in Chromium against a real `npm start` of its own, configured as an operator
// would (SUPABASE_AUTH_* over supabase/config.toml): Discord's three endpoints played by a local
// stand-in, mail through a real SMTP server started here. A shared tournament link -> Sign in ->
// Continue with Discord -> the completion step -> back on the tournament, registered; and a forgotten
// password whose recovery mail arrives through SMTP.
import { writeFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPerson, PHONE } from './support/browser.ts';
import { journeyBrowser } from './support/journey.ts';
import { ADMIN, PASSWORD, playerId, uniqueEmail } from './support/data.ts';
import { checkScreen } from './support/screens.ts';
import { field, liveJoined, region, signIn, text, visible, waitForPath } from './support/ui.ts';
import { insertTournament, tournamentFields } from '../src/testing/fixtures.ts';
import { copyPgliteTemplate } from '../server/tests/helpers.ts';
import { discordUser, startDiscordStandIn, type DiscordStandIn } from '../server/tests/discord-stand-in.ts';
import { startServerProcess, type ServerProcess } from '../server/tests/server-process.ts';
import { localhostCertificate, startSmtpServer, type TestSmtpServer } from '../server/tests/smtp-stand-in.ts';

const journey = journeyBrowser();

describe('Discord sign-in and mail through SMTP', () => {
  let temp: string;
  let server: ServerProcess;
  let discord: DiscordStandIn;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    temp = await mkdtemp(join(tmpdir(), 'brawlcup-e2e-reach-'));
    discord = await startDiscordStandIn({ redirectUri: () => `${server.url}/auth/v1/callback` });
    smtp = await startSmtpServer({ starttls: true });
    // The server trusts the SMTP server's certificate as it would a real one's CA.
    const ca = join(temp, 'smtp-ca.pem');
    await writeFile(ca, (await localhostCertificate()).cert);
    const dataDir = join(temp, 'data');
    await copyPgliteTemplate(dataDir);
    server = await startServerProcess({
      DATA_DIR: dataDir,
      RATE_LIMITS: 'off',
      NODE_EXTRA_CA_CERTS: ca,
      SUPABASE_AUTH_EXTERNAL_DISCORD_ENABLED: 'true',
      SUPABASE_AUTH_EXTERNAL_DISCORD_CLIENT_ID: discord.clientId,
      SUPABASE_AUTH_EXTERNAL_DISCORD_SECRET: discord.secret,
      SUPABASE_AUTH_EXTERNAL_DISCORD_URL: discord.url,
      SUPABASE_AUTH_EMAIL_SMTP_ENABLED: 'true',
      SMTP_HOST: 'localhost',
      SUPABASE_AUTH_EMAIL_SMTP_PORT: String(smtp.port),
      SMTP_USER: 'brawlcup',
      SMTP_PASS: 'smtp-secret',
      SMTP_ADMIN_EMAIL: 'no-reply@brawlcup.test',
    });
  });
  afterAll(async () => {
    await server?.stop();
    await discord?.close();
    await smtp?.close();
    await rm(temp, { recursive: true, force: true });
  });

  /** An account made with e-mail and password on this journey's server; its address. */
  async function emailAccount(who: string, username: string): Promise<string> {
    const email = uniqueEmail(who);
    const { error } = await client().auth.signUp({
      email,
      password: PASSWORD,
      options: { data: { username, game_id: `#${playerId()}` } },
    });
    expect(error).toBeNull();
    return email;
  }

  function client() {
    return createClient(server.url, server.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    });
  }

  it('signs a player in with Discord from a shared tournament link, asks for username and player ID, and registers', async () => {
    const admin = client();
    await admin.auth.signInWithPassword(ADMIN);
    const t = await insertTournament(admin, tournamentFields('Discord Cup', { type: '1v1', slots: 8 }));
    const path = `/tournaments/${t.id}`;
    discord.signInAs(
      discordUser({ username: 'nova_strike', global_name: 'Nova Strike', email: uniqueEmail('discord') }),
    );

    const { page } = await newPerson(journey.browser, PHONE, { baseURL: server.url });
    await page.goto(path);
    await visible(page.getByRole('heading', { level: 1, name: t.name }));
    const mine = region(page, 'Your registration');
    await mine.getByRole('button', { name: 'Register' }).click();
    await mine.getByRole('link', { name: 'Sign in' }).click();
    await waitForPath(page, '/login');
    await visible(page.getByRole('button', { name: 'Continue with Discord' }));
    await checkScreen(page, 'login-discord');

    // Auth -> Discord (the stand-in approves at once) -> Auth's callback -> the app.
    await page.getByRole('button', { name: 'Continue with Discord' }).click();
    await waitForPath(page, '/complete-profile');
    expect(new URL(page.url()).searchParams.get('next')).toBe(path);
    await visible(page.getByRole('heading', { name: 'Complete your profile' }));
    expect(await field(page, 'Username').inputValue()).toBe('Nova Strike');
    await checkScreen(page, 'complete-profile');
    await field(page, 'Username').fill('NovaStrikeX');
    const id = playerId();
    await field(page, 'Game ID').fill(id);
    await page.getByRole('button', { name: 'Save and continue' }).click();

    await waitForPath(page, path);
    await liveJoined(page);
    await mine.getByRole('button', { name: 'Register' }).click();
    const form = mine.getByRole('form');
    await field(form, 'Player 1 ID').fill(id);
    await field(form, 'Player 1 In-Game Name').fill('NovaStrikeX');
    await form.getByRole('button', { name: 'Submit Registration' }).click();
    await visible(text(mine, 'Team registered successfully'), 10_000);

    // The profile shows the Discord it signs in with.
    await page.goto('/profile');
    await visible(text(page, 'Nova Strike'));
    await visible(text(page, 'You sign in with Discord.'));
    await checkScreen(page, 'profile-discord');
  });

  it('says so when the player cancels on Discord', async () => {
    discord.denyNext();
    const { page } = await newPerson(journey.browser, PHONE, { baseURL: server.url });
    await page.goto('/login?next=%2Fleaderboard');
    await page.getByRole('button', { name: 'Continue with Discord' }).click();
    await waitForPath(page, '/login/callback');
    await visible(page.getByRole('alert').filter({ hasText: 'Discord sign-in was cancelled' }));
    expect(await page.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe(
      '/login?next=%2Fleaderboard',
    );
    await checkScreen(page, 'discord-cancelled');
  });

  it('links Discord to an e-mail account from the profile, and unlinks it', async () => {
    const email = await emailAccount('linker', 'LinkerOne');
    discord.signInAs(discordUser({ global_name: 'Linky' }));
    const { page } = await newPerson(journey.browser, PHONE, { baseURL: server.url });
    await signIn(page, { email, password: PASSWORD });
    await waitForPath(page, '/home');
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Link Discord' }).click();
    // Auth -> Discord -> Auth -> /login/callback?next=/profile -> the profile.
    await waitForPath(page, '/profile');
    await visible(text(page, 'Linky'));
    await page.getByRole('button', { name: 'Unlink Discord' }).click();
    await visible(page.getByRole('button', { name: 'Link Discord' }));
    await checkScreen(page, 'profile-discord-unlinked');
  });

  it('resets a forgotten password through a recovery mail that arrives by SMTP', async () => {
    const email = await emailAccount('smtp', 'MailReader');
    const { page } = await newPerson(journey.browser, PHONE, { baseURL: server.url });
    await page.goto('/forgotpassword');
    await field(page, 'Email').fill(email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await visible(text(page, 'Password reset email sent. Please check your inbox.'));

    const mail = await smtp.mailTo(email);
    expect(mail).toMatchObject({ subject: 'Reset your BrawlCup password', secure: true });
    const link = /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail.text)![1]!;
    await page.goto(link);
    await waitForPath(page, '/reset-password');
    await page.getByLabel('New password', { exact: true }).fill('fresh-pass-3');
    await page.getByLabel('Confirm new password', { exact: true }).fill('fresh-pass-3');
    await page.getByRole('button', { name: 'Update password' }).click();
    await visible(text(page, 'Your password has been updated.'));

    const again = (await newPerson(journey.browser, PHONE, { baseURL: server.url })).page;
    await signIn(again, { email, password: 'fresh-pass-3' });
    await waitForPath(again, '/home');
  });
});
