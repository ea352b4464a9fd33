// Auth through the real supabase-js against the real local stack, on PGlite and on Postgres.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, testEmail, type TestStack } from './helpers.ts';

describe.each([['pglite'], ['postgres']] as const)('auth on %s', (backend) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ postgres: backend === 'postgres' });
  });
  afterAll(() => stack?.destroy());

  it('signs up with user metadata and returns a session whose token carries hosted claims', async () => {
    const client = stack.client();
    const email = testEmail();
    const { data, error } = await client.auth.signUp({
      email,
      password: 'secret123',
      options: { data: { username: 'Shelly', game_id: '#ABCDEFGH1' } },
    });
    expect(error).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata).toMatchObject({ username: 'Shelly' });
    const claims = JSON.parse(Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString());
    expect(claims).toMatchObject({
      iss: `${stack.url}/auth/v1`,
      sub: data.user!.id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { username: 'Shelly' },
      aal: 'aal1',
      is_anonymous: false,
    });
    expect(typeof claims.session_id).toBe('string');
    expect(claims.exp - claims.iat).toBe(3600);
  });

  it('signs in, gets and updates the user, refreshes and logs out', async () => {
    const client = stack.client();
    const email = testEmail();
    await client.auth.signUp({ email, password: 'secret123' });
    await client.auth.signOut();

    const wrong = await client.auth.signInWithPassword({ email, password: 'wrong-password' });
    expect(wrong.error).toMatchObject({
      code: 'invalid_credentials',
      status: 400,
      message: 'Invalid login credentials',
    });

    const signedIn = await client.auth.signInWithPassword({ email: email.toUpperCase(), password: 'secret123' });
    expect(signedIn.error).toBeNull();

    const got = await client.auth.getUser();
    expect(got.data.user?.email).toBe(email);

    const updated = await client.auth.updateUser({ data: { username: 'Colt' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ username: 'Colt' });

    const newPassword = await client.auth.updateUser({ password: 'another-secret' });
    expect(newPassword.error).toBeNull();
    const same = await client.auth.updateUser({ password: 'another-secret' });
    expect(same.error).toMatchObject({ code: 'same_password', status: 422 });

    const before = (await client.auth.getSession()).data.session!;
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(before.refresh_token);
    // A rotated refresh token cannot be replayed once the reuse window has passed: the old one is revoked.
    const { rows } = await stack.ctx.db.query<{ revoked: boolean }>(
      'select revoked from auth.refresh_tokens where token = $1',
      [before.refresh_token],
    );
    expect(rows[0]?.revoked).toBe(true);

    const token = refreshed.data.session!.access_token;
    expect((await client.auth.signOut()).error).toBeNull();
    // The session is gone on the server: the old access token no longer gets the user.
    const after = await fetch(`${stack.url}/auth/v1/user`, {
      headers: { apikey: stack.ctx.keys.anonKey, Authorization: `Bearer ${token}` },
    });
    expect(after.status).toBe(403);
    expect(await after.json()).toMatchObject({ error_code: 'session_not_found' });

    const other = stack.client();
    expect((await other.auth.signInWithPassword({ email, password: 'secret123' })).error?.code).toBe(
      'invalid_credentials',
    );
    expect((await other.auth.signInWithPassword({ email, password: 'another-secret' })).error).toBeNull();
  });

  it('answers sign-up errors with GoTrue codes and statuses', async () => {
    const client = stack.client();
    const email = testEmail();
    await client.auth.signUp({ email, password: 'secret123' });
    const again = await stack.client().auth.signUp({ email, password: 'secret123' });
    expect(again.error).toMatchObject({ code: 'user_already_exists', status: 422 });
    const short = await stack.client().auth.signUp({ email: testEmail(), password: '12345' });
    expect(short.error).toMatchObject({
      code: 'weak_password',
      status: 422,
      message: 'Password should be at least 6 characters.',
    });
    expect(short.error?.name).toBe('AuthWeakPasswordError');
    const badEmail = await stack.client().auth.signUp({ email: 'not-an-email', password: 'secret123' });
    expect(badEmail.error).toMatchObject({ code: 'email_address_invalid', status: 400 });
  });

  it('mails a recovery link that signs the user in with type=recovery, and the new password works', async () => {
    const client = stack.client();
    const email = testEmail();
    await client.auth.signUp({ email, password: 'secret123' });
    const sent = await stack.client().auth.resetPasswordForEmail(email, { redirectTo: `${stack.url}/reset-password` });
    expect(sent.error).toBeNull();

    const inbox = (await (await fetch(`${stack.url}/mail/api/messages?to=${encodeURIComponent(email)}`)).json()) as {
      subject: string;
      link: string;
    }[];
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.subject).toBe('Reset your BrawlCup password');

    const visit = await fetch(inbox[0]!.link, { redirect: 'manual' });
    expect(visit.status).toBe(303);
    const location = new URL(visit.headers.get('location')!);
    expect(location.origin + location.pathname).toBe(`${stack.url}/reset-password`);
    const hash = new URLSearchParams(location.hash.slice(1));
    expect(hash.get('type')).toBe('recovery');

    const recovering = stack.client();
    const { error } = await recovering.auth.setSession({
      access_token: hash.get('access_token')!,
      refresh_token: hash.get('refresh_token')!,
    });
    expect(error).toBeNull();
    expect((await recovering.auth.updateUser({ password: 'brand-new-secret' })).error).toBeNull();
    expect((await stack.client().auth.signInWithPassword({ email, password: 'brand-new-secret' })).error).toBeNull();

    // The link works once.
    const twice = await fetch(inbox[0]!.link, { redirect: 'manual' });
    expect(new URLSearchParams(new URL(twice.headers.get('location')!).hash.slice(1)).get('error_code')).toBe(
      'otp_expired',
    );
  });

  it('answers recovery for an unknown address the same way, and sends nothing', async () => {
    const email = testEmail('nobody');
    expect((await stack.client().auth.resetPasswordForEmail(email)).error).toBeNull();
    const inbox = await (await fetch(`${stack.url}/mail/api/messages?to=${encodeURIComponent(email)}`)).json();
    expect(inbox).toEqual([]);
  });

  it('never redirects a recovery link to a foreign site', async () => {
    const email = testEmail();
    await stack.client().auth.signUp({ email, password: 'secret123' });
    await stack.client().auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example/steal' });
    const [mail] = (await (await fetch(`${stack.url}/mail/api/messages?to=${encodeURIComponent(email)}`)).json()) as {
      link: string;
    }[];
    const visit = await fetch(mail!.link, { redirect: 'manual' });
    expect(
      visit.headers.get('location')!.startsWith(`${stack.url}#`) ||
        visit.headers.get('location')!.startsWith(`${stack.url}/#`),
    ).toBe(true);
  });

  it('creates the administrator on a fresh database with app_metadata.role = admin', async () => {
    const { data, error } = await stack
      .client()
      .auth.signInWithPassword({ email: 'admin@brawlcup.local', password: 'brawlcup-admin' });
    expect(error).toBeNull();
    expect(data.user?.app_metadata.role).toBe('admin');
  });

  it('lets the service role create users and merge their metadata, and no one else', async () => {
    const admin = stack.service().auth.admin;
    const email = testEmail('managed');
    const created = await admin.createUser({ email, password: 'secret123', user_metadata: { username: 'Piper' } });
    expect(created.error).toBeNull();
    const updated = await admin.updateUserById(created.data.user!.id, {
      app_metadata: { role: 'admin' },
      user_metadata: { game_id: '#ABCDEFGH2' },
    });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.app_metadata).toMatchObject({ provider: 'email', role: 'admin' });
    expect(updated.data.user?.user_metadata).toMatchObject({ username: 'Piper', game_id: '#ABCDEFGH2' });
    const signedIn = await stack.client().auth.signInWithPassword({ email, password: 'secret123' });
    expect(signedIn.data.user?.app_metadata.role).toBe('admin');

    const asAnon = await stack
      .client()
      .auth.admin.updateUserById(created.data.user!.id, { app_metadata: { role: 'x' } });
    expect(asAnon.error?.status).toBe(403);
  });

  it('serves settings and health without a key', async () => {
    const settings = await fetch(`${stack.url}/auth/v1/settings`);
    expect(settings.status).toBe(200);
    expect(await settings.json()).toMatchObject({ external: { email: true }, mailer_autoconfirm: true });
    expect((await fetch(`${stack.url}/auth/v1/health`)).status).toBe(200);
  });
});
