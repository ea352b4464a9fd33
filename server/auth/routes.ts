// GoTrue-compatible Auth at /auth/v1: sign-up, password sign-in, refresh, user, logout, recovery
// by mailed link, settings, health and the service-role admin API, as auth-js calls them.
import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import type { ServerContext } from '../context.ts';
import { JwtError, type Claims } from './jwt.ts';
import { AuthApiError } from './errors.ts';
import {
  checkPassword,
  consumeOneTimeToken,
  createSession,
  createUser,
  endSessions,
  findUserByEmail,
  findUserById,
  hashPassword,
  issueOneTimeToken,
  normaliseEmail,
  publicUser,
  rotateRefreshToken,
  sessionExists,
  verifyPassword,
  updateUser,
  type UserChanges,
  type UserRow,
} from './users.ts';

type Body = Record<string, unknown>;

async function readBody(c: Context): Promise<Body> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    const body = JSON.parse(text) as unknown;
    if (body && typeof body === 'object' && !Array.isArray(body)) return body as Body;
  } catch {
    // fall through
  }
  throw new AuthApiError('bad_json');
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function bearerToken(c: Context): string | undefined {
  const match = /^Bearer\s+(.+)$/i.exec(c.req.header('authorization') ?? '');
  return match?.[1]?.trim();
}

export function authRoutes(ctx: ServerContext): Hono {
  const { db, keys, config } = ctx;
  const app = new Hono();

  app.onError((error, c) => {
    if (error instanceof AuthApiError) return c.json(error.toJSON(), error.status as 400);
    console.error('[auth] unexpected error', error);
    const failure = new AuthApiError('unexpected_failure');
    return c.json(failure.toJSON(), 500);
  });

  // Hosted Supabase answers any origin, so a static build elsewhere can sign in against this stack.
  app.use(
    '*',
    cors({
      origin: '*',
      allowHeaders: ['authorization', 'apikey', 'content-type', 'x-client-info', 'x-supabase-api-version', 'x-retry-count'],
      allowMethods: ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
    }),
  );

  // Like Kong in front of hosted GoTrue: every route but the open ones needs a valid API key.
  const open = new Set(['/verify', '/health', '/settings']);
  app.use('*', async (c, next) => {
    const sub = c.req.path.replace(/^.*\/auth\/v1/, '');
    if (!open.has(sub)) {
      const apikey = c.req.header('apikey') ?? c.req.query('apikey');
      if (!apikey) throw new AuthApiError('no_api_key');
      try {
        const claims = await keys.jwt.verify(apikey);
        if (claims.role !== 'anon' && claims.role !== 'service_role' && claims.role !== 'authenticated') throw new Error('role');
      } catch {
        throw new AuthApiError('invalid_api_key');
      }
    }
    await next();
  });

  async function issueSession(user: UserRow, existing?: { sessionId: string; refreshToken: string }) {
    const { sessionId, refreshToken } = existing ?? (await createSession(db, user.id));
    const now = Math.floor(Date.now() / 1000);
    const claims: Claims = {
      iss: `${config.apiUrl}/auth/v1`,
      sub: user.id,
      aud: 'authenticated',
      exp: now + config.jwtExpiry,
      iat: now,
      email: user.email,
      phone: '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: now }],
      session_id: sessionId,
      is_anonymous: false,
    };
    const accessToken = await keys.jwt.sign(claims, config.jwtExpiry);
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: config.jwtExpiry,
      expires_at: now + config.jwtExpiry,
      refresh_token: refreshToken,
      user: publicUser(user),
    };
  }

  /** The signed-in user behind the bearer token (a user's access token, not an API key). */
  async function currentUser(c: Context): Promise<{ user: UserRow; claims: Claims }> {
    const token = bearerToken(c);
    if (!token) throw new AuthApiError('no_authorization');
    let claims: Claims;
    try {
      claims = await keys.jwt.verify(token);
    } catch (error) {
      throw new AuthApiError('bad_jwt', error instanceof JwtError ? error.message : undefined);
    }
    if (claims.role !== 'authenticated' || !claims.sub) throw new AuthApiError('bad_jwt', 'invalid claim: missing sub claim');
    if (claims.session_id && !(await sessionExists(db, claims.session_id))) throw new AuthApiError('session_not_found');
    const user = await findUserById(db, claims.sub);
    if (!user) throw new AuthApiError('user_not_found');
    return { user, claims };
  }

  /** redirect_to must be the site or one of the configured URLs; anything else falls back to the site. */
  function safeRedirect(requested: string | undefined): string {
    const allowed = [config.siteUrl, config.apiUrl, ...config.additionalRedirectUrls].filter(Boolean);
    if (requested) {
      try {
        const url = new URL(requested);
        if (allowed.some((a) => url.href.startsWith(a.replace(/\/$/, '')) && new URL(a).origin === url.origin)) return url.href;
      } catch {
        // not a URL: fall back
      }
    }
    return config.siteUrl;
  }

  app.get('/health', (c) => c.json({ version: 'brawlcup-local', name: 'GoTrue', description: 'GoTrue-compatible auth of the BrawlCup local stack' }));

  app.get('/settings', (c) =>
    c.json({
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: true,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
      password_min_length: config.minimumPasswordLength,
    }),
  );

  app.post('/signup', async (c) => {
    const body = await readBody(c);
    const email = normaliseEmail(body.email);
    const password = checkPassword(body.password, config.minimumPasswordLength);
    const data = isObject(body.data) ? body.data : {};
    const user = await createUser(db, { email, password, userMetadata: data });
    return c.json(await issueSession(user));
  });

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    const body = await readBody(c);
    if (grant === 'password') {
      if (typeof body.email !== 'string' || typeof body.password !== 'string') throw new AuthApiError('invalid_credentials');
      const user = await findUserByEmail(db, body.email.trim());
      // Compare even when there is no such user, so timing does not tell which emails exist.
      const ok = user ? await verifyPassword(user, body.password) : (await hashPassword(body.password), false);
      if (!user || !ok) throw new AuthApiError('invalid_credentials');
      return c.json(await issueSession(user));
    }
    if (grant === 'refresh_token') {
      const rotated = await rotateRefreshToken(db, body.refresh_token);
      const user = await findUserById(db, rotated.userId);
      if (!user) throw new AuthApiError('refresh_token_not_found');
      return c.json(await issueSession(user, rotated));
    }
    throw new AuthApiError('unsupported_grant_type', `Unsupported grant type: ${grant ?? '(none)'}`);
  });

  app.get('/user', async (c) => c.json(publicUser((await currentUser(c)).user)));

  app.put('/user', async (c) => {
    const { user } = await currentUser(c);
    const body = await readBody(c);
    const changes: UserChanges = {};
    if (body.password !== undefined) {
      changes.password = checkPassword(body.password, config.minimumPasswordLength);
      if (await verifyPassword(user, changes.password)) throw new AuthApiError('same_password');
    }
    if (body.email !== undefined) {
      changes.email = normaliseEmail(body.email);
      const other = await findUserByEmail(db, changes.email);
      if (other && other.id !== user.id) throw new AuthApiError('email_exists');
    }
    if (body.data !== undefined) {
      if (!isObject(body.data)) throw new AuthApiError('validation_failed', 'data must be an object');
      changes.userMetadata = body.data;
    }
    return c.json(publicUser(await updateUser(db, user, changes)));
  });

  app.post('/logout', async (c) => {
    const { user, claims } = await currentUser(c);
    await endSessions(db, user.id, claims.session_id, c.req.query('scope') ?? 'global');
    return c.body(null, 204);
  });

  app.post('/recover', async (c) => {
    const body = await readBody(c);
    const email = normaliseEmail(body.email);
    const redirectTo = safeRedirect(c.req.query('redirect_to'));
    const user = await findUserByEmail(db, email);
    // The answer is the same whether or not the address has an account.
    if (user) {
      const token = await issueOneTimeToken(db, user.id, 'recovery');
      const link = `${config.apiUrl}/auth/v1/verify?token=${token}&type=recovery&redirect_to=${encodeURIComponent(redirectTo)}`;
      await db.query('update auth.users set recovery_sent_at = now() where id = $1', [user.id]);
      ctx.mailbox.send({
        to: user.email,
        subject: 'Reset your BrawlCup password',
        text: `Someone asked to reset the password of your BrawlCup account.\n\nFollow this link to choose a new password:\n${link}\n\nIf it was not you, ignore this message. The link works once, for one hour.`,
        html: `<h2>Reset your password</h2><p>Someone asked to reset the password of your BrawlCup account.</p><p><a href="${link}">Choose a new password</a></p><p>If it was not you, ignore this message. The link works once, for one hour.</p>`,
        link,
      });
    }
    return c.json({});
  });

  // The mailed link: signs the user in and sends them to the app with the session in the hash.
  app.get('/verify', async (c) => {
    const type = c.req.query('type') ?? '';
    const redirectTo = safeRedirect(c.req.query('redirect_to'));
    try {
      if (type !== 'recovery') throw new AuthApiError('otp_expired');
      const userId = await consumeOneTimeToken(db, c.req.query('token'), type);
      const user = (await findUserById(db, userId))!;
      const session = await issueSession(user);
      const hash = new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
        type,
      });
      return c.redirect(`${redirectTo}#${hash}`, 303);
    } catch (error) {
      if (!(error instanceof AuthApiError)) throw error;
      const hash = new URLSearchParams({ error: 'access_denied', error_code: error.code, error_description: error.message });
      return c.redirect(`${redirectTo}#${hash}`, 303);
    }
  });

  app.post('/verify', async (c) => {
    const body = await readBody(c);
    const type = String(body.type ?? '');
    if (type !== 'recovery' && type !== 'email') throw new AuthApiError('validation_failed', 'Unsupported verification type');
    const userId = await consumeOneTimeToken(db, body.token_hash ?? body.token, 'recovery');
    const user = (await findUserById(db, userId))!;
    return c.json(await issueSession(user));
  });

  // The admin API (service_role only): what operators and tests use to manage accounts.
  const admin = new Hono();
  admin.use('*', async (c, next) => {
    const token = bearerToken(c);
    let role: string | undefined;
    try {
      role = (await keys.jwt.verify(token)).role;
    } catch {
      throw new AuthApiError('bad_jwt');
    }
    if (role !== 'service_role') throw new AuthApiError('not_admin');
    await next();
  });
  admin.get('/users', async (c) => {
    const page = Math.max(1, Number(c.req.query('page') ?? 1) || 1);
    const perPage = Math.min(1000, Math.max(1, Number(c.req.query('per_page') ?? 50) || 50));
    const { rows } = await db.query<UserRow>(
      `select * from auth.users where deleted_at is null order by created_at limit $1 offset $2`,
      [perPage, (page - 1) * perPage],
    );
    return c.json({ users: rows.map(publicUser), aud: 'authenticated' });
  });
  admin.post('/users', async (c) => {
    const body = await readBody(c);
    const user = await createUser(db, {
      email: normaliseEmail(body.email),
      password: checkPassword(body.password, config.minimumPasswordLength),
      userMetadata: isObject(body.user_metadata) ? body.user_metadata : {},
      appMetadata: isObject(body.app_metadata) ? body.app_metadata : {},
    });
    return c.json(publicUser(user));
  });
  admin.get('/users/:id', async (c) => {
    const user = await findUserById(db, c.req.param('id'));
    if (!user) throw new AuthApiError('user_not_found');
    return c.json(publicUser(user));
  });
  admin.put('/users/:id', async (c) => {
    const user = await findUserById(db, c.req.param('id'));
    if (!user) throw new AuthApiError('user_not_found');
    const body = await readBody(c);
    const changes: UserChanges = {
      appMetadata: isObject(body.app_metadata) ? body.app_metadata : undefined,
      userMetadata: isObject(body.user_metadata) ? body.user_metadata : undefined,
      password: body.password === undefined ? undefined : checkPassword(body.password, config.minimumPasswordLength),
    };
    return c.json(publicUser(await updateUser(db, user, changes)));
  });
  admin.delete('/users/:id', async (c) => {
    const user = await findUserById(db, c.req.param('id'));
    if (!user) throw new AuthApiError('user_not_found');
    await db.query('delete from auth.users where id = $1', [user.id]);
    return c.json({});
  });
  app.route('/admin', admin);

  app.notFound(() => {
    throw new AuthApiError('not_found');
  });
  return app;
}
