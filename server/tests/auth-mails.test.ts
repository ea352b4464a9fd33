// Auth's other mails, through a real SMTP server: the sign-up confirmation with `[auth.email]
// enable_confirmations` on (GoTrue's autoconfirm off), and the e-mail change, confirmed from the new
// address, or from both with `double_confirm_changes`. Through the real supabase-js.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discordUser, startDiscordStandIn, type DiscordStandIn } from './discord-stand-in.ts';
import { startTestStack, testEmail, type TestStack } from './helpers.ts';
import { smtpSettings, startSmtpServer, type Received, type TestSmtpServer } from './smtp-stand-in.ts';

const linkIn = (mail: Received) => /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail.text)![1]!;

/** Follows a mailed link as a browser would: where it lands, with the fragment read. */
async function follow(link: string): Promise<URLSearchParams> {
  const visit = await fetch(link, { redirect: 'manual' });
  expect(visit.status).toBe(303);
  return new URLSearchParams(new URL(visit.headers.get('location')!).hash.slice(1));
}

describe('Auth mails with confirmations on', () => {
  let smtp: TestSmtpServer;
  let discord: DiscordStandIn;
  let stack: TestStack;
  beforeAll(async () => {
    smtp = await startSmtpServer({ starttls: true });
    discord = await startDiscordStandIn();
    stack = await startTestStack({
      smtp: await smtpSettings(smtp.port),
      mail: { retryBaseMs: 50, pollMs: 100 },
      mailerAutoconfirm: false,
      secureEmailChange: true,
      externalProviders: {
        discord: { clientId: discord.clientId, secret: discord.secret, url: discord.url, emailOptional: false },
      },
    });
  });
  afterAll(async () => {
    await stack?.destroy();
    await smtp?.close();
    await discord?.close();
  });

  it('mails a confirmation link on sign-up; the account signs in only once it is followed', async () => {
    const email = testEmail('confirm');
    const client = stack.client();
    const { data, error } = await client.auth.signUp({
      email,
      password: 'secret123',
      options: { emailRedirectTo: `${stack.url}/home` },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user).toMatchObject({ email, identities: [{ provider: 'email' }] });
    expect(data.user!.email_confirmed_at).toBeUndefined();

    const early = await stack.client().auth.signInWithPassword({ email, password: 'secret123' });
    expect(early.error).toMatchObject({ status: 400, code: 'email_not_confirmed', message: 'Email not confirmed' });

    const mail = await smtp.mailTo(email);
    expect(mail.subject).toBe('Confirm your BrawlCup account');
    const landed = await follow(linkIn(mail));
    expect(landed.get('type')).toBe('signup');
    expect(landed.get('access_token')).toBeTruthy();
    expect((await stack.client().auth.signInWithPassword({ email, password: 'secret123' })).error).toBeNull();

    // The address has an account now: signing up again does not say so (GoTrue's obfuscated user).
    const again = await stack.client().auth.signUp({ email, password: 'another-pass' });
    expect(again.error).toBeNull();
    expect(again.data.session).toBeNull();
    expect(again.data.user!.id).not.toBe(data.user!.id);
  });

  it('changes an address only when both addresses have confirmed it (double_confirm_changes)', async () => {
    const email = testEmail('old');
    const newEmail = testEmail('new');
    await stack.client().auth.signUp({ email, password: 'secret123' });
    await follow(linkIn(await smtp.mailTo(email)));
    const client = stack.client();
    await client.auth.signInWithPassword({ email, password: 'secret123' });

    const { data, error } = await client.auth.updateUser({ email: newEmail });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email, new_email: newEmail });

    const toNew = await smtp.mailTo(newEmail);
    expect(toNew.subject).toBe('Confirm your new BrawlCup address');
    const toCurrent = smtp.received.filter(
      (m) => m.to === email && m.subject === 'Confirm the change of your BrawlCup address',
    );
    expect(toCurrent).toHaveLength(1);

    const first = await follow(linkIn(toNew));
    expect(first.get('message')).toBe(
      'Confirmation link accepted. Please proceed to confirm link sent to the other email',
    );
    expect((await client.auth.getUser()).data.user!.email).toBe(email);

    const second = await follow(linkIn(toCurrent[0]!));
    expect(second.get('type')).toBe('email_change');
    const { data: after } = await client.auth.getUser();
    expect(after.user!.email).toBe(newEmail);
    expect(after.user!.identities!.find((i) => i.provider === 'email')?.identity_data?.email).toBe(newEmail);
    // The database followed: the profile's address is the new one.
    const { rows } = await stack.ctx.db.query<{ email: string }>('select email from public.profiles where id = $1', [
      after.user!.id,
    ]);
    expect(rows[0]!.email).toBe(newEmail);
  });

  it('mails a confirmation to a Discord account whose address Discord has not verified, and gives no session', async () => {
    const email = testEmail('unverified');
    discord.signInAs(discordUser({ email, verified: false }));
    const { data } = await stack.client().auth.signInWithOAuth({
      provider: 'discord',
      options: { redirectTo: `${stack.url}/login/callback`, skipBrowserRedirect: true },
    });
    let next = new URL(data.url!);
    for (let hop = 0; hop < 3; hop += 1)
      next = new URL((await fetch(next, { redirect: 'manual' })).headers.get('location')!);
    expect(next.pathname).toBe('/login/callback');
    expect(Object.fromEntries(next.searchParams)).toMatchObject({
      error: 'access_denied',
      error_code: 'provider_email_needs_verification',
      error_description: 'Unverified email with discord. A confirmation email has been sent to your discord email',
    });
    expect((await smtp.mailTo(email)).subject).toBe('Confirm your BrawlCup account');
  });
});

describe('Auth mails: an e-mail change confirmed from the new address alone', () => {
  let smtp: TestSmtpServer;
  let stack: TestStack;
  beforeAll(async () => {
    smtp = await startSmtpServer({ starttls: true });
    stack = await startTestStack({
      smtp: await smtpSettings(smtp.port),
      mail: { retryBaseMs: 50, pollMs: 100 },
      secureEmailChange: false,
    });
  });
  afterAll(async () => {
    await stack?.destroy();
    await smtp?.close();
  });

  it('mails the new address, and its link changes the address', async () => {
    const email = testEmail('single');
    const newEmail = testEmail('moved');
    const client = stack.client();
    await client.auth.signUp({ email, password: 'secret123' });
    expect((await client.auth.updateUser({ email: newEmail })).data.user).toMatchObject({ email, new_email: newEmail });
    const landed = await follow(linkIn(await smtp.mailTo(newEmail)));
    expect(landed.get('type')).toBe('email_change');
    expect((await client.auth.getUser()).data.user!.email).toBe(newEmail);
    expect(smtp.received.filter((m) => m.to === email)).toEqual([]);
  });
});
