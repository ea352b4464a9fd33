// Signing in with Discord through the real supabase-js against the real local stack, with Discord's
// three endpoints played by a local stand-in (discord-stand-in.ts), configured as the Supabase CLI
// reads `[auth.external.discord]`. On PGlite and on Postgres.
import { rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import WebSocket from 'ws';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { ConfigError, readOptions } from '../config.ts';
import { discordUser, startDiscordStandIn, type DiscordStandIn } from './discord-stand-in.ts';
import { projectWithConfig, startTestStack, testEmail, type TestStack } from './helpers.ts';

const DISCORD_TOML = `
[auth]
enable_manual_linking = true

[auth.external.discord]
enabled = true
client_id = "env(TEST_DISCORD_CLIENT_ID)"
secret = "env(TEST_DISCORD_SECRET)"
redirect_uri = ""
url = "env(TEST_DISCORD_URL)"
`;

describe('[auth.external.discord] read as the Supabase CLI reads it', () => {
  it('substitutes env(), takes SUPABASE_AUTH_EXTERNAL_DISCORD_* over the file, and checks the required keys', async () => {
    const root = await projectWithConfig(DISCORD_TOML.replace('enabled = true', 'enabled = false'));
    try {
      expect(readOptions({}, root).externalProviders).toEqual({});
      const env = {
        TEST_DISCORD_CLIENT_ID: 'client-1',
        TEST_DISCORD_SECRET: 's3cret',
        TEST_DISCORD_URL: 'http://127.0.0.1:9',
        SUPABASE_AUTH_EXTERNAL_DISCORD_ENABLED: 'true',
      };
      const options = readOptions(env, root);
      expect(options.externalProviders).toEqual({
        discord: {
          clientId: 'client-1',
          secret: 's3cret',
          redirectUri: undefined,
          url: 'http://127.0.0.1:9',
          emailOptional: false,
        },
      });
      expect(options.manualLinking).toBe(true);
      // A supabase/.env file counts, below the process's own variables.
      await writeFile(
        join(root, 'supabase', '.env'),
        'TEST_DISCORD_SECRET=from-dotenv\nTEST_DISCORD_CLIENT_ID=from-dotenv\n',
      );
      expect(
        readOptions({ ...env, TEST_DISCORD_SECRET: undefined, TEST_DISCORD_CLIENT_ID: 'from-shell' }, root)
          .externalProviders.discord,
      ).toMatchObject({
        clientId: 'from-shell',
        secret: 'from-dotenv',
      });
      expect(() =>
        readOptions(
          { SUPABASE_AUTH_EXTERNAL_DISCORD_ENABLED: 'true', SUPABASE_AUTH_EXTERNAL_DISCORD_CLIENT_ID: '' },
          root,
        ),
      ).toThrow(new ConfigError('Missing required field in config: auth.external.discord.client_id'));
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

/**
 * The browser's part: Auth -> Discord -> Auth's callback -> the app, following redirects while they
 * stay with Auth or the stand-in. Returns where the app is landed.
 */
async function throughDiscord(url: string): Promise<URL> {
  let next = new URL(url);
  for (let hop = 0; hop < 5; hop += 1) {
    const res = await fetch(next, { redirect: 'manual' });
    expect([302, 303]).toContain(res.status);
    next = new URL(res.headers.get('location')!);
    if (!next.pathname.startsWith('/auth/v1/') && !next.pathname.startsWith('/api/')) return next;
  }
  throw new Error(`no landing after 5 redirects: ${next.href}`);
}

const fragment = (url: URL) => new URLSearchParams(url.hash.slice(1));

describe.each([['pglite'], ['postgres']] as const)('Sign in with Discord on %s', (backend) => {
  let stack: TestStack;
  let discord: DiscordStandIn;
  let root: string;
  let app: string;
  beforeAll(async () => {
    discord = await startDiscordStandIn({ redirectUri: () => `${stack.url}/auth/v1/callback` });
    root = await projectWithConfig(DISCORD_TOML);
    const fromToml = readOptions(
      { TEST_DISCORD_CLIENT_ID: discord.clientId, TEST_DISCORD_SECRET: discord.secret, TEST_DISCORD_URL: discord.url },
      root,
    );
    stack = await startTestStack({
      postgres: backend === 'postgres',
      externalProviders: fromToml.externalProviders,
      manualLinking: fromToml.manualLinking,
    });
    app = `${stack.url}/login/callback?next=%2Ftournaments%2Fabc`;
  });
  afterAll(async () => {
    await stack?.destroy();
    await discord?.close();
    await rm(root, { recursive: true, force: true });
  });

  /** A client with the session the landing's fragment carries (what detectSessionInUrl does). */
  async function signedIn(landing: URL): Promise<SupabaseClient> {
    const hash = fragment(landing);
    const client = stack.client();
    const { error } = await client.auth.setSession({
      access_token: hash.get('access_token')!,
      refresh_token: hash.get('refresh_token')!,
    });
    expect(error).toBeNull();
    return client;
  }

  async function oauthUrl(client = stack.client()): Promise<string> {
    const { data, error } = await client.auth.signInWithOAuth({
      provider: 'discord',
      options: { redirectTo: app, skipBrowserRedirect: true },
    });
    expect(error).toBeNull();
    return data.url!;
  }

  it('signs a new player up: Discord asked as GoTrue asks, tokens in the fragment, the Discord identity on the user', async () => {
    const person = discordUser({ global_name: 'Nova Strike', avatar: 'a_abc' });
    discord.signInAs(person);
    discord.requests.length = 0;
    const landing = await throughDiscord(await oauthUrl());

    expect(landing.origin + landing.pathname + landing.search).toBe(app);
    const hash = fragment(landing);
    expect(hash.get('token_type')).toBe('bearer');
    expect(hash.get('provider_token')).toBeTruthy();
    expect(hash.has('sb')).toBe(true);

    const [authorize, token, me] = discord.requests;
    expect(authorize!.path).toBe('/api/oauth2/authorize');
    expect(Object.fromEntries(authorize!.query)).toMatchObject({
      client_id: discord.clientId,
      redirect_uri: `${stack.url}/auth/v1/callback`,
      response_type: 'code',
      scope: 'email identify',
    });
    expect(authorize!.query.get('state')).toMatch(/^[0-9a-f-]{36}$/);
    expect(token!.path).toBe('/api/oauth2/token');
    expect(token!.form?.get('grant_type')).toBe('authorization_code');
    expect(token!.authorization).toMatch(/^Basic /);
    expect(me!.path).toBe('/api/users/@me');

    const client = await signedIn(landing);
    const { data } = await client.auth.getUser();
    expect(data.user).toMatchObject({
      email: person.email,
      app_metadata: { provider: 'discord', providers: ['discord'] },
      user_metadata: {
        full_name: person.username,
        name: `${person.username}#0`,
        avatar_url: `https://cdn.discordapp.com/avatars/${person.id}/a_abc.gif`,
        custom_claims: { global_name: 'Nova Strike' },
        provider_id: person.id,
        email_verified: true,
        iss: `${discord.url}/api`,
      },
    });
    expect(data.user!.identities).toHaveLength(1);
    expect(data.user!.identities![0]).toMatchObject({ provider: 'discord', id: person.id, email: person.email });
    const claims = JSON.parse(Buffer.from(hash.get('access_token')!.split('.')[1]!, 'base64url').toString());
    expect(claims.amr[0].method).toBe('oauth');

    // The database made the profile: no player ID yet, which the app asks for before registering.
    const { data: profile } = await client.from('profiles').select('username, game_id').single();
    expect(profile).toMatchObject({ game_id: null });

    // Signing in again opens the same account.
    const again = await signedIn(await throughDiscord(await oauthUrl()));
    expect((await again.auth.getUser()).data.user!.id).toBe(data.user!.id);
  });

  it('keeps a PKCE flow: a code on the redirect, exchanged once with its verifier', async () => {
    discord.signInAs(discordUser());
    const client = createClient(stack.url, stack.ctx.keys.anonKey, {
      auth: { flowType: 'pkce', persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    });
    const { data } = await client.auth.signInWithOAuth({
      provider: 'discord',
      options: { redirectTo: app, skipBrowserRedirect: true },
    });
    const authorize = new URL(data.url!);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('s256');
    const toDiscord = await fetch(data.url!, { redirect: 'manual' });
    // The challenge stays with Auth: Discord is not asked for PKCE.
    expect(new URL(toDiscord.headers.get('location')!).searchParams.has('code_challenge')).toBe(false);
    const callback = (await fetch(toDiscord.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!;
    const landing = await fetch(callback, { redirect: 'manual' });
    const code = new URL(landing.headers.get('location')!).searchParams.get('code')!;
    expect(code).toBeTruthy();

    // The same callback again: its state is used.
    const replayed = new URL((await fetch(callback, { redirect: 'manual' })).headers.get('location')!);
    expect(replayed.searchParams.get('error_code')).toBe('flow_state_already_used');

    // The token endpoint's pkce grant with a verifier that is not the client's.
    const withWrongVerifier = async () => {
      const res = await fetch(`${stack.url}/auth/v1/token?grant_type=pkce`, {
        method: 'POST',
        headers: { apikey: stack.ctx.keys.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ auth_code: code, code_verifier: 'x'.repeat(50) }),
      });
      return { status: res.status, body: await res.json() };
    };
    expect(await withWrongVerifier()).toMatchObject({ status: 400, body: { error_code: 'bad_code_verifier' } });

    const exchanged = await client.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session?.provider_token).toBeTruthy();
    expect(exchanged.data.user?.app_metadata.provider).toBe('discord');
    // Exchanged once: the code is gone.
    expect(await withWrongVerifier()).toMatchObject({ status: 404, body: { error_code: 'flow_state_not_found' } });
  });

  it('answers bad callbacks with GoTrue redirects, never a 5xx', async () => {
    const callback = `${stack.url}/auth/v1/callback`;
    const redirectOf = async (url: string, init?: RequestInit) => {
      const res = await fetch(url, { redirect: 'manual', ...init });
      expect(res.status).toBeLessThan(500);
      return { status: res.status, url: new URL(res.headers.get('location')!) };
    };

    // A forged state: no flow to return to, so the site URL with the error in the query.
    const forged = await redirectOf(`${callback}?code=abc&state=${crypto.randomUUID()}`);
    expect(forged.status).toBe(303);
    expect(forged.url.origin + forged.url.pathname).toBe(`${stack.url}/`);
    expect(Object.fromEntries(forged.url.searchParams)).toEqual({
      error: 'invalid_request',
      error_code: 'bad_oauth_state',
      error_description: 'OAuth state not found or expired',
    });
    expect((await redirectOf(`${callback}?code=abc&state=not-a-uuid`)).url.searchParams.get('error_description')).toBe(
      'OAuth state parameter is invalid',
    );
    expect((await redirectOf(`${callback}?code=abc`)).url.searchParams.get('error_code')).toBe('bad_oauth_callback');

    // The person refuses on Discord: back to the app with Discord's error, in the query and the fragment.
    discord.denyNext();
    const denied = await throughDiscord(await oauthUrl());
    expect(denied.origin + denied.pathname).toBe(`${stack.url}/login/callback`);
    expect(denied.searchParams.get('next')).toBe('/tournaments/abc');
    expect(denied.searchParams.get('error')).toBe('access_denied');
    expect(fragment(denied).get('error')).toBe('access_denied');
    expect(fragment(denied).has('access_token')).toBe(false);

    // A code replayed on a new flow: Discord refuses it.
    discord.signInAs(discordUser());
    const first = await fetch(await oauthUrl(), { redirect: 'manual' });
    const approved = new URL(
      (await fetch(first.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!,
    );
    await fetch(approved, { redirect: 'manual' });
    const second = new URL((await fetch(await oauthUrl(), { redirect: 'manual' })).headers.get('location')!);
    const replay = await redirectOf(
      `${callback}?code=${approved.searchParams.get('code')}&state=${second.searchParams.get('state')}`,
    );
    expect(replay.url.searchParams.get('error')).toBe('server_error');
    expect(replay.url.searchParams.get('error_description')).toBe(
      `Unable to exchange external code: ${approved.searchParams.get('code')!.slice(0, 4)}`,
    );

    // Discord's user without an id, an answer past 1 MB, a user without an address.
    for (const [body, description] of [
      [
        JSON.stringify({ username: 'ghost', discriminator: '0', email: 'ghost@example.com', verified: true }),
        'Error getting user profile from external provider',
      ],
      [
        JSON.stringify({ ...discordUser(), padding: 'x'.repeat(1_100_000) }),
        'Error getting user profile from external provider',
      ],
      [JSON.stringify(discordUser({ email: null })), 'Error getting user email from external provider'],
    ] as const) {
      discord.answerUserWith(body);
      const failed = await throughDiscord(await oauthUrl());
      expect(failed.searchParams.get('error')).toBe('server_error');
      expect(failed.searchParams.get('error_description')).toBe(description);
    }

    // Providers GoTrue knows but this project has not enabled, and names it does not know.
    const github = await fetch(`${stack.url}/auth/v1/authorize?provider=github`, { redirect: 'manual' });
    expect(github.status).toBe(400);
    expect(await github.json()).toEqual({
      code: 400,
      error_code: 'validation_failed',
      msg: 'Unsupported provider: provider is not enabled',
    });
    const unknown = await fetch(`${stack.url}/auth/v1/authorize?provider=myspace`, { redirect: 'manual' });
    expect((await unknown.json()).msg).toBe('Unsupported provider: Provider myspace could not be found');

    // An oversized callback body is refused before it is read (on a connection of its own: the
    // server closes it after answering).
    const huge = await new Promise<{ status: number; body: string }>((done, fail) => {
      const req = request(
        `${callback}`,
        {
          method: 'POST',
          agent: false,
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': 1_100_006 },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => done({ status: res.statusCode!, body }));
        },
      );
      req.on('error', fail);
      req.end(`state=${'a'.repeat(1_100_000)}`);
    });
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.body)).toMatchObject({ code: 413, error_code: 'request_too_large' });
  });

  it('links Discord to an e-mail account and unlinks it, as linkIdentity and unlinkIdentity do', async () => {
    const email = testEmail('linker');
    const client = stack.client();
    await client.auth.signUp({ email, password: 'secret123', options: { data: { username: 'Linker' } } });
    const person = discordUser();
    discord.signInAs(person);
    const { data, error } = await client.auth.linkIdentity({
      provider: 'discord',
      options: { redirectTo: app, skipBrowserRedirect: true },
    });
    expect(error).toBeNull();
    const landing = await throughDiscord(data.url!);
    const linked = await signedIn(landing);
    const { data: user } = await linked.auth.getUser();
    expect(user.user!.email).toBe(email);
    expect(user.user!.app_metadata.providers).toEqual(['email', 'discord']);
    const identities = (await linked.auth.getUserIdentities()).data!.identities;
    expect(identities.map((i) => i.provider)).toEqual(['email', 'discord']);

    // Discord now signs this account in.
    const viaDiscord = await signedIn(await throughDiscord(await oauthUrl()));
    expect((await viaDiscord.auth.getUser()).data.user!.id).toBe(user.user!.id);

    // Another account cannot link the same Discord.
    const other = stack.client();
    await other.auth.signUp({ email: testEmail('other'), password: 'secret123' });
    const taken = await throughDiscord(
      (await other.auth.linkIdentity({ provider: 'discord', options: { redirectTo: app, skipBrowserRedirect: true } }))
        .data.url!,
    );
    expect(taken.searchParams.get('error_code')).toBe('identity_already_exists');
    expect(taken.searchParams.get('error_description')).toBe('Identity is already linked to another user');

    const discordIdentity = identities.find((i) => i.provider === 'discord')!;
    expect((await linked.auth.unlinkIdentity(discordIdentity)).error).toBeNull();
    await linked.auth.refreshSession();
    const after = (await linked.auth.getUserIdentities()).data!.identities;
    expect(after.map((i) => i.provider)).toEqual(['email']);
    expect((await linked.auth.unlinkIdentity(after[0]!)).error).toMatchObject({
      status: 422,
      code: 'single_identity_not_deletable',
    });
    // Unlinked, the same Discord account signs up anew.
    const fresh = await signedIn(await throughDiscord(await oauthUrl()));
    expect((await fresh.auth.getUser()).data.user!.id).not.toBe(user.user!.id);
  });

  it('opens the e-mail account with the same address (automatic linking)', async () => {
    const email = testEmail('same');
    const { data: signup } = await stack.client().auth.signUp({ email, password: 'secret123' });
    discord.signInAs(discordUser({ email }));
    const client = await signedIn(await throughDiscord(await oauthUrl()));
    const { data } = await client.auth.getUser();
    expect(data.user!.id).toBe(signup.user!.id);
    expect(data.user!.identities!.map((i) => i.provider)).toEqual(['email', 'discord']);
  });

  it('refuses linking when [auth] enable_manual_linking is off, and a banned account', async () => {
    const client = stack.client();
    await client.auth.signUp({ email: testEmail('nolink'), password: 'secret123' });
    stack.ctx.config.manualLinking = false;
    try {
      const { error } = await client.auth.linkIdentity({ provider: 'discord', options: { skipBrowserRedirect: true } });
      expect(error).toMatchObject({
        status: 404,
        code: 'manual_linking_disabled',
        message: 'Manual linking is disabled',
      });
    } finally {
      stack.ctx.config.manualLinking = true;
    }

    const person = discordUser();
    discord.signInAs(person);
    const first = await signedIn(await throughDiscord(await oauthUrl()));
    const id = (await first.auth.getUser()).data.user!.id;
    await stack.ctx.db.query(`update auth.users set banned_until = now() + interval '1 day' where id = $1`, [id]);
    const banned = await throughDiscord(await oauthUrl());
    expect(Object.fromEntries(banned.searchParams)).toMatchObject({
      error: 'access_denied',
      error_code: 'user_banned',
      error_description: 'User is banned',
    });
  });

  it('answers any query to /authorize and /callback without a 5xx, and sends people only to this site or Discord', async () => {
    const value = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.constantFrom('discord', 'DISCORD', 'github', '', 'https://evil.example/x', '//evil.example', 's256', 'plain'),
      fc.uuid(),
      fc.string({ minLength: 43, maxLength: 130, unit: fc.constantFrom('a', '-', '_', '~', '.', '9') }),
    );
    const keys = fc.constantFrom(
      'provider',
      'redirect_to',
      'code_challenge',
      'code_challenge_method',
      'scopes',
      'state',
      'code',
      'error',
      'error_description',
      'redirect_uri',
      'client_id',
      'x',
    );
    const query = fc.array(fc.tuple(keys, value), { maxLength: 6 });
    const allowed = [new URL(stack.url).origin, new URL(discord.url).origin];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('authorize', 'callback'), query, async (path, params) => {
        const res = await fetch(`${stack.url}/auth/v1/${path}?${new URLSearchParams(params)}`, { redirect: 'manual' });
        expect(res.status).toBeLessThan(500);
        if (res.status >= 300 && res.status < 400) {
          expect(allowed).toContain(new URL(res.headers.get('location')!).origin);
        } else {
          expect(Object.keys(await res.json()).sort()).toEqual(['code', 'error_code', 'msg']);
        }
      }),
      { seed: 20261127, numRuns: 60 },
    );
  });

  it('says Discord is on in the settings', async () => {
    const settings = await (await fetch(`${stack.url}/auth/v1/settings`)).json();
    expect(settings.external).toMatchObject({ discord: true, email: true });
  });
});
