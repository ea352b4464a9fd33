// Hardening of Auth through the real supabase-js: GoTrue's rate limits (low limits so the tests run
// fast, and TRUST_PROXY so each test is its own client IP), refresh-token reuse, ended sessions,
// the contact form's limits in the database, and hostile input.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { makeClient, startTestStack, testEmail, type TestStack } from './helpers.ts';
import { logError } from '../shared/log.ts';

const LIMITS = { emailSent: 3, signInSignUps: 3, tokenRefresh: 3, tokenVerifications: 3, emailMaxFrequency: 60 };

describe.each([['pglite'], ['postgres']] as const)('auth limits on %s', (backend) => {
  let stack: TestStack;
  let ip = 0;
  /** An anon client whose requests come, through the trusted proxy, from an IP of its own. */
  const fromNewIp = (): SupabaseClient => {
    ip += 1;
    return makeClient(stack.url, stack.ctx.keys.anonKey, { 'x-forwarded-for': `198.51.100.99, 10.0.0.${ip}` });
  };
  const createUser = async (password = 'secret123') => {
    const email = testEmail();
    const { data, error } = await stack.service().auth.admin.createUser({ email, password, email_confirm: true });
    expect(error).toBeNull();
    return { email, password, id: data.user!.id };
  };

  /** What GET /auth/v1/user answers for an access token (supabase-js turns session_not_found into AuthSessionMissingError). */
  const userAnswer = async (token: string) => {
    const response = await fetch(`${stack.url}/auth/v1/user`, {
      headers: { apikey: stack.ctx.keys.anonKey, authorization: `Bearer ${token}` },
    });
    return { status: response.status, code: ((await response.json()) as { error_code?: string }).error_code };
  };

  beforeAll(async () => {
    stack = await startTestStack({
      postgres: backend === 'postgres',
      rateLimits: LIMITS,
      trustProxy: 1,
      refreshTokenReuseInterval: 0,
    });
  });
  afterAll(() => stack?.destroy());

  it('stops password guessing from one IP with GoTrue 429 over_request_rate_limit, and another IP still signs in', async () => {
    const victim = await createUser();
    const attacker = fromNewIp();
    for (let i = 0; i < LIMITS.signInSignUps; i++) {
      const { error } = await attacker.auth.signInWithPassword({ email: victim.email, password: `guess-${i}` });
      expect(error).toMatchObject({ code: 'invalid_credentials', status: 400 });
    }
    const blocked = await attacker.auth.signInWithPassword({ email: victim.email, password: victim.password });
    expect(blocked.error).toMatchObject({
      code: 'over_request_rate_limit',
      status: 429,
      message: 'Request rate limit reached',
    });
    expect((await fromNewIp().auth.signInWithPassword(victim)).error).toBeNull();
  });

  it('limits sign-ups per IP', async () => {
    const flood = fromNewIp();
    for (let i = 0; i < LIMITS.signInSignUps; i++) {
      expect((await flood.auth.signUp({ email: testEmail('flood'), password: 'secret123' })).error).toBeNull();
    }
    const blocked = await flood.auth.signUp({ email: testEmail('flood'), password: 'secret123' });
    expect(blocked.error).toMatchObject({ code: 'over_request_rate_limit', status: 429 });
    expect((await fromNewIp().auth.signUp({ email: testEmail('fine'), password: 'secret123' })).error).toBeNull();
  });

  it('sends one recovery mail per address per max_frequency and at most email_sent mails in all', async () => {
    const user = await createUser();
    expect((await fromNewIp().auth.resetPasswordForEmail(user.email)).error).toBeNull();
    const again = await fromNewIp().auth.resetPasswordForEmail(user.email);
    expect(again.error?.status).toBe(429);
    expect(again.error?.code).toBe('over_email_send_rate_limit');
    expect(again.error?.message).toMatch(/^For security purposes, you can only request this after \d+ seconds\.$/);
    expect(stack.ctx.mailbox.list(user.email)).toHaveLength(1);
    // An unknown address is answered and counted the same way, so the answers never tell who has an account.
    const unknown = testEmail('nobody');
    expect((await fromNewIp().auth.resetPasswordForEmail(unknown)).error).toBeNull();
    expect((await fromNewIp().auth.resetPasswordForEmail(unknown)).error?.code).toBe('over_email_send_rate_limit');
    // The third e-mail of the hour is the last one.
    expect((await fromNewIp().auth.resetPasswordForEmail((await createUser()).email)).error).toBeNull();
    const spent = await fromNewIp().auth.resetPasswordForEmail((await createUser()).email);
    expect(spent.error).toMatchObject({
      code: 'over_email_send_rate_limit',
      status: 429,
      message: 'Email rate limit exceeded',
    });
  });

  it('limits token refreshes per IP', async () => {
    const user = await createUser();
    const client = fromNewIp();
    expect((await client.auth.signInWithPassword(user)).error).toBeNull();
    for (let i = 0; i < LIMITS.tokenRefresh; i++) expect((await client.auth.refreshSession()).error).toBeNull();
    expect((await client.auth.refreshSession()).error).toMatchObject({ code: 'over_request_rate_limit', status: 429 });
  });

  it('ends the whole session when a rotated refresh token is replayed past the reuse interval', async () => {
    const user = await createUser();
    const client = fromNewIp();
    const first = (await client.auth.signInWithPassword(user)).data.session!;
    const second = (await client.auth.refreshSession()).data.session!;
    expect(second.refresh_token).not.toBe(first.refresh_token);

    const thief = fromNewIp();
    const replay = await thief.auth.refreshSession({ refresh_token: first.refresh_token });
    expect(replay.error).toMatchObject({
      code: 'refresh_token_already_used',
      status: 400,
      message: 'Invalid Refresh Token: Already Used',
    });
    // Every token of the session is dead: the newer refresh token, and the access token everywhere.
    expect((await fromNewIp().auth.refreshSession({ refresh_token: second.refresh_token })).error?.code).toBe(
      'refresh_token_not_found',
    );
    expect(await userAnswer(second.access_token)).toEqual({ status: 403, code: 'session_not_found' });
    const data = await makeClient(stack.url, stack.ctx.keys.anonKey, { authorization: `Bearer ${second.access_token}` })
      .from('profiles')
      .select('id');
    expect(data.status).toBe(401);
    expect(data.error).toMatchObject({
      code: 'PGRST301',
      message: 'Session from session_id claim in JWT does not exist',
    });
  });

  it('ends the other sessions when the password changes', async () => {
    const user = await createUser();
    const here = fromNewIp();
    const elsewhere = fromNewIp();
    expect((await here.auth.signInWithPassword(user)).error).toBeNull();
    const other = (await elsewhere.auth.signInWithPassword(user)).data.session!;
    expect(
      (
        await makeClient(stack.url, stack.ctx.keys.anonKey, { authorization: `Bearer ${other.access_token}` })
          .from('profiles')
          .select('id')
      ).status,
    ).toBe(200);

    expect((await here.auth.updateUser({ password: 'a-new-secret' })).error).toBeNull();
    expect(await userAnswer(other.access_token)).toEqual({ status: 403, code: 'session_not_found' });
    expect((await elsewhere.auth.refreshSession()).error?.code).toBe('refresh_token_not_found');
    expect(
      (
        await makeClient(stack.url, stack.ctx.keys.anonKey, { authorization: `Bearer ${other.access_token}` })
          .from('profiles')
          .select('id')
      ).status,
    ).toBe(401);
    // The session that changed it goes on.
    expect((await here.auth.getUser()).error).toBeNull();
  });

  it("refuses a deleted user's token on the Data API and Realtime", async () => {
    const user = await createUser();
    const session = (await fromNewIp().auth.signInWithPassword(user)).data.session!;
    expect((await stack.service().auth.admin.deleteUser(user.id)).error).toBeNull();

    const data = await makeClient(stack.url, stack.ctx.keys.anonKey, {
      authorization: `Bearer ${session.access_token}`,
    })
      .from('tournaments')
      .select('id');
    expect(data.status).toBe(401);

    const client = makeClient(stack.url, stack.ctx.keys.anonKey);
    await client.realtime.setAuth(session.access_token);
    const status = await new Promise<string>((resolve) => {
      client.channel('tournaments-live').subscribe((s, error) => {
        if (s !== 'SUBSCRIBED' && s !== 'CLOSED') resolve(`${s}: ${error?.message ?? ''}`);
        if (s === 'SUBSCRIBED') resolve(s);
      });
    });
    expect(status).toMatch(/^CHANNEL_ERROR: .*Session from session_id claim in JWT does not exist/);
    await client.removeAllChannels();
    client.realtime.disconnect();
  });

  it('answers a NUL byte in the e-mail and JSON nested thousands deep with 400, not 500', async () => {
    const client = fromNewIp();
    const nul = await client.auth.signInWithPassword({ email: 'player\u0000@example.com', password: 'secret123' });
    expect(nul.error).toMatchObject({
      code: 'email_address_invalid',
      status: 400,
      message: 'Unable to validate email address: invalid format',
    });
    const signup = await fromNewIp().auth.signUp({ email: 'a\u202e@example.com', password: 'secret123' });
    expect(signup.error).toMatchObject({ code: 'email_address_invalid', status: 400 });

    const deep = `{"email":"x@example.com","password":"secret123","data":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const response = await fetch(`${stack.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: stack.ctx.keys.anonKey, 'content-type': 'application/json', 'x-forwarded-for': '10.9.9.9' },
      body: deep,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error_code: 'bad_json',
      msg: 'Could not parse request body as JSON: it is nested too deeply',
    });
  });

  it('logs a database error without the row values or parameters in it', async () => {
    const hash = '$2a$10$abcdefghijklmnopqrstuvABCDEFGHIJKLMNOPQRSTUVWXYZ01234';
    const user = await createUser();
    let failure: unknown;
    try {
      await stack.ctx.db.query('insert into auth.users (id, email, encrypted_password) values ($1, $2, $3)', [
        user.id,
        testEmail(),
        hash,
      ]);
    } catch (error) {
      failure = error;
    }
    expect(failure).toBeDefined();
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      logError('auth', 'unexpected error', failure);
      const logged = JSON.stringify(spy.mock.calls);
      expect(logged).toContain('23505');
      expect(logged).not.toContain(hash);
      expect(logged).not.toContain(user.id);
    } finally {
      spy.mockRestore();
    }
  });

  it('refuses an array body of contact messages and more than 5 messages per 10 minutes from one IP', async () => {
    const message = (i: number) => ({
      email: 'visitor@example.com',
      subject: `Question ${i}`,
      message: 'Is there a prize?',
    });
    const client = fromNewIp();
    const array = await client.from('contact_messages').insert([message(1), message(2)]);
    expect(array.status).toBe(400);
    expect(array.error).toMatchObject({ code: 'BC701', message: 'Send one message at a time.' });
    for (let i = 0; i < 5; i++) expect((await client.from('contact_messages').insert(message(i))).error).toBeNull();
    const limited = await client.from('contact_messages').insert(message(6));
    expect(limited.status).toBe(429);
    expect(limited.error).toMatchObject({
      code: 'PT429',
      message: 'You have sent too many messages. Please wait a few minutes and try again.',
    });
    expect((await fromNewIp().from('contact_messages').insert(message(7))).error).toBeNull();
  });
});

describe('client IP without TRUST_PROXY', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ rateLimits: LIMITS });
  });
  afterAll(() => stack?.destroy());

  it('ignores X-Forwarded-For: a forged header does not escape the limit', async () => {
    const user = testEmail();
    for (let i = 0; i < LIMITS.signInSignUps; i++) {
      const forged = makeClient(stack.url, stack.ctx.keys.anonKey, { 'x-forwarded-for': `203.0.113.${i}` });
      expect((await forged.auth.signInWithPassword({ email: user, password: 'guess' })).error?.code).toBe(
        'invalid_credentials',
      );
    }
    const forged = makeClient(stack.url, stack.ctx.keys.anonKey, { 'x-forwarded-for': '203.0.113.200' });
    expect((await forged.auth.signInWithPassword({ email: user, password: 'guess' })).error?.code).toBe(
      'over_request_rate_limit',
    );
  });
});
