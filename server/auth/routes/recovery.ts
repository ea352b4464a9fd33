// Password recovery: mailing a one-time link, and the link (or its token) signing the user in.
import { Hono } from 'hono';
import type { ServerContext } from '../../context.ts';
import { clientIp } from '../../shared/http.ts';
import { issueSession } from '../access.ts';
import { readBody, recoverBody, verifyBody } from '../body.ts';
import { AuthApiError } from '../errors.ts';
import type { AuthLimiter } from '../rate-limit.ts';
import { referrer } from '../redirect.ts';
import { consumeOneTimeToken, findUserByEmail, findUserById, issueOneTimeToken, normaliseEmail } from '../users.ts';

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
      // The link's token and its mail are one transaction: no link that was never mailed, no mail
      // whose link does not work.
      await db.transaction(async (tx) => {
        const token = await issueOneTimeToken(tx, user.id, 'recovery');
        const link = `${config.apiUrl}/auth/v1/verify?token=${token}&type=recovery&redirect_to=${encodeURIComponent(redirectTo)}`;
        await tx.query('update auth.users set recovery_sent_at = now() where id = $1', [user.id]);
        await ctx.mail.send(
          {
            to: user.email,
            subject: 'Reset your BrawlCup password',
            text: `Someone asked to reset the password of your BrawlCup account.\n\nFollow this link to choose a new password:\n${link}\n\nIf it was not you, ignore this message. The link works once, for one hour.`,
            html: `<h2>Reset your password</h2><p>Someone asked to reset the password of your BrawlCup account.</p><p><a href="${link}">Choose a new password</a></p><p>If it was not you, ignore this message. The link works once, for one hour.</p>`,
            link,
          },
          tx,
        );
      });
    }
    return c.json({});
  });

  // The mailed link: signs the user in and sends them to the app with the session in the hash.
  app.get('/verify', async (c) => {
    const type = c.req.query('type') ?? '';
    const redirectTo = safeRedirect(c.req.query('redirect_to'));
    try {
      limiter.request('verify', clientIp(c, config.trustProxy));
      if (type !== 'recovery') throw new AuthApiError('otp_expired');
      const userId = await consumeOneTimeToken(db, c.req.query('token'), type);
      const user = (await findUserById(db, userId))!;
      const session = await issueSession(ctx, user);
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
    if (type !== 'recovery' && type !== 'email')
      throw new AuthApiError('validation_failed', 'Unsupported verification type');
    const userId = await consumeOneTimeToken(db, body.token_hash ?? body.token, 'recovery');
    const user = (await findUserById(db, userId))!;
    return c.json(await issueSession(ctx, user));
  });

  return app;
}
