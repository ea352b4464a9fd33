// Getting a session: sign-up, and the token endpoint's password and refresh-token grants.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import type { ServerContext } from '../../context.ts';
import { clientIp } from '../../shared/http.ts';
import { issueSession } from '../access.ts';
import { passwordGrantBody, pkceGrantBody, readBody, refreshGrantBody, signupBody } from '../body.ts';
import { deleteFlowState, findFlowStateByAuthCode, verifyPkce } from '../external/flow-state.ts';
import { AuthApiError } from '../errors.ts';
import type { AuthLimiter } from '../rate-limit.ts';
import { sendLinkMail } from '../mails.ts';
import { referrer } from '../redirect.ts';
import {
  checkPassword,
  createUser,
  findUserByEmail,
  findUserById,
  hashPassword,
  insertUser,
  normaliseEmail,
  publicUser,
  rotateRefreshToken,
  userSaveError,
  verifyPassword,
  type UserRow,
} from '../users.ts';

/** GoTrue's sanitizeUser: what sign-up answers for an address that already has an account. */
function obfuscatedUser(email: string): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: 'authenticated',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

export function tokenRoutes(ctx: ServerContext, limiter: AuthLimiter): Hono {
  const { db, config } = ctx;
  const app = new Hono();

  app.post('/signup', async (c) => {
    limiter.request('sign_in_sign_ups', clientIp(c, config.trustProxy));
    if (config.enableSignup === false) throw new AuthApiError('signup_disabled');
    const body = await readBody(c, signupBody);
    const email = normaliseEmail(body.email);
    const password = checkPassword(body.password, config.minimumPasswordLength);
    if (config.mailerAutoconfirm !== false) {
      const user = await createUser(db, { email, password, userMetadata: body.data ?? {} });
      return c.json(await issueSession(ctx, user));
    }
    // [auth.email] enable_confirmations: the account waits for its mailed link, and the answer is the
    // user without a session. An address already taken gets the same kind of answer (GoTrue's
    // obfuscated user), so sign-up does not tell who has an account; an unconfirmed one is mailed again.
    const redirectTo = referrer(config, c.req.query('redirect_to'), c.req.header('referer'));
    const existing = await findUserByEmail(db, email);
    if (existing?.email_confirmed_at) return c.json(obfuscatedUser(email));
    limiter.mail(email);
    const hash = await hashPassword(password);
    let user: UserRow;
    try {
      user = await db.transaction(async (tx) => {
        const waiting =
          existing ?? (await insertUser(tx, { email, userMetadata: body.data ?? {}, confirmed: false }, hash));
        await tx.query('update auth.users set confirmation_sent_at = now() where id = $1', [waiting.id]);
        await sendLinkMail(ctx, tx, 'signup', waiting, email, redirectTo);
        return (await findUserById(tx, waiting.id))!;
      });
    } catch (error) {
      throw userSaveError(error);
    }
    return c.json(publicUser(user));
  });

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    const ip = clientIp(c, config.trustProxy);
    if (grant === 'password') {
      limiter.request('sign_in_sign_ups', ip);
      const body = await readBody(c, passwordGrantBody);
      if (body.email === undefined || body.password === undefined) throw new AuthApiError('invalid_credentials');
      const user = await findUserByEmail(db, body.email.trim());
      // Compare even when there is no such user, so timing does not tell which emails exist.
      const ok = user ? await verifyPassword(user, body.password) : (await hashPassword(body.password), false);
      if (!user || !ok) throw new AuthApiError('invalid_credentials');
      if (!user.email_confirmed_at) throw new AuthApiError('email_not_confirmed');
      return c.json(await issueSession(ctx, user));
    }
    if (grant === 'refresh_token') {
      limiter.request('token_refresh', ip);
      const body = await readBody(c, refreshGrantBody);
      const rotated = await rotateRefreshToken(db, body.refresh_token, config.refreshTokenReuseInterval);
      if (rotated.kind === 'reused') {
        // The session was ended in the database: its access tokens stop working now, not in 5 s.
        ctx.sessions.forget();
        throw new AuthApiError('refresh_token_already_used');
      }
      const user = await findUserById(db, rotated.userId);
      if (!user) throw new AuthApiError('refresh_token_not_found');
      return c.json(await issueSession(ctx, user, rotated));
    }
    if (grant === 'pkce') {
      limiter.request('token_refresh', ip);
      const body = await readBody(c, pkceGrantBody);
      if (!body.auth_code || !body.code_verifier)
        throw new AuthApiError(
          'validation_failed',
          'invalid request: both auth code and code verifier should be non-empty',
        );
      const flow = await findFlowStateByAuthCode(db, body.auth_code);
      if (!flow?.user_id) throw new AuthApiError('flow_state_not_found');
      if (flow.expired) throw new AuthApiError('flow_state_expired');
      const user = await findUserById(db, flow.user_id);
      if (!user) throw new AuthApiError('user_not_found');
      verifyPkce(flow, body.code_verifier);
      const session = await db.transaction(async (tx) => {
        const issued = await issueSession(ctx, user, undefined, { method: 'oauth', q: tx });
        await deleteFlowState(tx, flow.id);
        return issued;
      });
      return c.json({
        ...session,
        provider_token: flow.provider_access_token ?? undefined,
        provider_refresh_token: flow.provider_refresh_token || undefined,
      });
    }
    throw new AuthApiError('unsupported_grant_type', `Unsupported grant type: ${grant ?? '(none)'}`);
  });

  return app;
}
