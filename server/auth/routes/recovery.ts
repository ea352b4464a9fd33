// Mailed links: password recovery (/recover), and the links of every mail Auth sends (/verify):
// recovery, sign-up confirmation ([auth.email] enable_confirmations) and e-mail change. A link signs
// the user in and sends them to the app with the session in the fragment, as GoTrue's does.
import { Hono } from 'hono';
import type { ServerContext } from '../../context.ts';
import type { Queryable } from '../../db/database.ts';
import { clientIp } from '../../shared/http.ts';
import { issueSession, type SignInMethod } from '../access.ts';
import { readBody, recoverBody, verifyBody } from '../body.ts';
import { AuthApiError } from '../errors.ts';
import { sendLinkMail } from '../mails.ts';
import type { AuthLimiter } from '../rate-limit.ts';
import { referrer } from '../redirect.ts';
import { consumeOneTimeToken, findUserByEmail, findUserById, normaliseEmail, type UserRow } from '../users.ts';

/** Which tokens a verify type takes (`email` is supabase-js's verifyOtp for a mailed token hash). */
const TOKENS: Record<string, string[]> = {
  recovery: ['recovery'],
  signup: ['signup'],
  email: ['signup', 'recovery'],
  email_change: ['email_change_new', 'email_change_current'],
};

const PARTIAL = 'Confirmation link accepted. Please proceed to confirm link sent to the other email';

type Verified = { user: UserRow; method: SignInMethod } | { partial: true };

export function recoveryRoutes(ctx: ServerContext, limiter: AuthLimiter): Hono {
  const { db, config } = ctx;
  const app = new Hono();

  // redirect_to must be the site or one of the configured URLs; anything else falls back to the site.
  const safeRedirect = (requested: string | undefined) => referrer(config, requested);

  app.post('/recover', async (c) => {
    limiter.request('recover', clientIp(c, config.trustProxy));
    const body = await readBody(c, recoverBody);
    const email = normaliseEmail(body.email);
    const redirectTo = safeRedirect(c.req.query('redirect_to'));
    limiter.mail(email);
    const user = await findUserByEmail(db, email);
    // The answer is the same whether or not the address has an account.
    if (user) {
      await db.transaction(async (tx) => {
        await tx.query('update auth.users set recovery_sent_at = now() where id = $1', [user.id]);
        await sendLinkMail(ctx, tx, 'recovery', user, user.email, redirectTo);
      });
    }
    return c.json({});
  });

  /** What a link's token does: confirms the address, applies an e-mail change, or only signs in. */
  async function verify(tx: Queryable, type: string, token: unknown): Promise<Verified> {
    const kinds = TOKENS[type];
    if (!kinds) throw new AuthApiError('otp_expired');
    const used = await consumeOneTimeToken(tx, token, kinds);
    let user = (await findUserById(tx, used.userId))!;
    if (used.type === 'signup') {
      await tx.query(
        'update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1',
        [user.id],
      );
    } else if (used.type.startsWith('email_change')) {
      if (!user.email_change) throw new AuthApiError('otp_expired');
      const { rows } = await tx.query('select 1 from auth.one_time_tokens where user_id = $1 and token_type like $2', [
        user.id,
        'email_change_%',
      ]);
      // Both addresses confirm a change ([auth.email] double_confirm_changes): this was the first.
      if (rows.length > 0) return { partial: true };
      try {
        await tx.query(
          `update auth.users set email = email_change, email_change = '', email_change_sent_at = null,
             email_change_confirm_status = 0, email_confirmed_at = now(), updated_at = now() where id = $1`,
          [user.id],
        );
      } catch (error) {
        if ((error as { code?: string }).code === '23505') throw new AuthApiError('email_exists');
        throw error;
      }
      await tx.query(
        `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true),
           updated_at = now() where user_id = $1 and provider = 'email'`,
        [user.id, user.email_change],
      );
    }
    user = (await findUserById(tx, user.id))!;
    return { user, method: used.type === 'recovery' ? 'recovery' : 'otp' };
  }

  // The mailed link: signs the user in and sends them to the app with the session in the hash.
  app.get('/verify', async (c) => {
    const type = c.req.query('type') ?? '';
    const redirectTo = safeRedirect(c.req.query('redirect_to'));
    try {
      limiter.request('verify', clientIp(c, config.trustProxy));
      const result = await db.transaction(async (tx) => {
        const verified = await verify(tx, type, c.req.query('token'));
        if ('partial' in verified) return verified;
        return { session: await issueSession(ctx, verified.user, undefined, { method: verified.method, q: tx }) };
      });
      if ('partial' in result) return c.redirect(`${redirectTo}#${new URLSearchParams({ message: PARTIAL })}`, 303);
      const { session } = result;
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
      const hash = new URLSearchParams({
        error: 'access_denied',
        error_code: error.code,
        error_description: error.message,
      });
      return c.redirect(`${redirectTo}#${hash}`, 303);
    }
  });

  app.post('/verify', async (c) => {
    limiter.request('verify', clientIp(c, config.trustProxy));
    const body = await readBody(c, verifyBody);
    const type = body.type ?? '';
    if (!TOKENS[type]) throw new AuthApiError('validation_failed', 'Unsupported verification type');
    const result = await db.transaction(async (tx) => {
      const verified = await verify(tx, type, body.token_hash ?? body.token);
      if ('partial' in verified) return verified;
      return issueSession(ctx, verified.user, undefined, { method: verified.method, q: tx });
    });
    if ('partial' in result) return c.json({ msg: PARTIAL, code: 200 });
    return c.json(result);
  });

  return app;
}
