// A stand-in for the three Discord endpoints Auth uses, as Discord documents them
// (https://discord.com/developers/docs/topics/oauth2): the authorize page (here it approves at once,
// or denies, for the person the test chose), the token exchange (form body, client credentials in
// HTTP Basic or the body, each code once) and GET /users/@me with the bearer token. Tests point
// `[auth.external.discord] url` at it; nothing of BrawlCup is mocked.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface DiscordUser {
  id?: string;
  username?: string;
  discriminator?: string;
  global_name?: string | null;
  avatar?: string | null;
  email?: string | null;
  verified?: boolean;
  [key: string]: unknown;
}

export interface DiscordStandIn {
  url: string;
  clientId: string;
  secret: string;
  /** The person who approves the next authorization (until changed). */
  signInAs(user: DiscordUser): void;
  /** The next authorization is refused by the person (error=access_denied). */
  denyNext(): void;
  /** The next /users/@me answers with this body (a broken or oversized answer). */
  answerUserWith(body: string): void;
  /** What was asked of it, for assertions. */
  requests: { path: string; method: string; query: URLSearchParams; form?: URLSearchParams; authorization?: string }[];
  close(): Promise<void>;
}

/** A Discord user of the shape /users/@me returns (a new username, so discriminator "0"). */
export function discordUser(overrides: DiscordUser = {}): DiscordUser {
  const id = String(BigInt(`0x${randomBytes(7).toString('hex')}`));
  return {
    id,
    username: `brawler_${id.slice(-6)}`,
    discriminator: '0',
    global_name: 'Brawler',
    avatar: null,
    email: `discord-${id.slice(-8)}@example.com`,
    verified: true,
    ...overrides,
  };
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startDiscordStandIn(
  options: { clientId?: string; secret?: string; redirectUri?: () => string } = {},
): Promise<DiscordStandIn> {
  const clientId = options.clientId ?? '1234567890123456789';
  const secret = options.secret ?? `secret-${randomBytes(8).toString('hex')}`;
  let person: DiscordUser = discordUser();
  let deny = false;
  let userAnswer: string | undefined;
  const codes = new Map<string, { user: DiscordUser; redirectUri: string }>();
  const tokens = new Map<string, DiscordUser>();
  const requests: DiscordStandIn['requests'] = [];

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const form = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : undefined;
      requests.push({
        path: url.pathname,
        method: req.method ?? '',
        query: url.searchParams,
        form,
        authorization: req.headers.authorization,
      });

      if (url.pathname === '/api/oauth2/authorize' && req.method === 'GET') {
        const q = url.searchParams;
        const redirectUri = q.get('redirect_uri') ?? '';
        if (q.get('client_id') !== clientId || q.get('response_type') !== 'code' || !redirectUri)
          return json(res, 400, { message: 'Invalid OAuth2 request', code: 50035 });
        if (options.redirectUri && redirectUri !== options.redirectUri())
          return json(res, 400, { message: 'Invalid OAuth2 redirect_uri', code: 50035 });
        const back = new URL(redirectUri);
        if (deny) {
          deny = false;
          back.searchParams.set('error', 'access_denied');
          back.searchParams.set('error_description', 'The resource owner or authorization server denied the request');
        } else {
          const code = randomBytes(15).toString('base64url');
          codes.set(code, { user: person, redirectUri });
          back.searchParams.set('code', code);
        }
        const state = q.get('state');
        if (state) back.searchParams.set('state', state);
        res.writeHead(302, { location: back.href });
        return res.end();
      }

      if (url.pathname === '/api/oauth2/token' && req.method === 'POST') {
        let id = form?.get('client_id');
        let given = form?.get('client_secret');
        const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '');
        if (basic) {
          const [user, pass] = Buffer.from(basic[1]!, 'base64').toString().split(':');
          id = decodeURIComponent(user ?? '');
          given = decodeURIComponent(pass ?? '');
        }
        if (id !== clientId || given !== secret) return json(res, 401, { error: 'invalid_client' });
        const grant = codes.get(form?.get('code') ?? '');
        codes.delete(form?.get('code') ?? '');
        if (
          form?.get('grant_type') !== 'authorization_code' ||
          !grant ||
          grant.redirectUri !== form.get('redirect_uri')
        )
          return json(res, 400, { error: 'invalid_grant', error_description: 'Invalid "code" in request.' });
        const accessToken = randomBytes(15).toString('base64url');
        tokens.set(accessToken, grant.user);
        return json(res, 200, {
          access_token: accessToken,
          token_type: 'Bearer',
          expires_in: 604800,
          refresh_token: randomBytes(15).toString('base64url'),
          scope: 'email identify',
        });
      }

      if (url.pathname === '/api/users/@me' && req.method === 'GET') {
        const user = tokens.get(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '');
        if (!user) return json(res, 401, { message: '401: Unauthorized', code: 0 });
        if (userAnswer !== undefined) {
          const body = userAnswer;
          userAnswer = undefined;
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(body);
        }
        return json(res, 200, { ...user, flags: 0, public_flags: 0, locale: 'en-US', mfa_enabled: false });
      }

      json(res, 404, { message: '404: Not Found', code: 0 });
    })();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    secret,
    signInAs: (user) => (person = user),
    denyNext: () => (deny = true),
    answerUserWith: (body) => (userAnswer = body),
    requests,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}
