// The signed-in user: read and change their account, and sign out.
import { Hono } from 'hono';
import type { ServerContext } from '../../context.ts';
import { clientIp } from '../../shared/http.ts';
import { currentUser } from '../access.ts';
import { checkMergedMetadata, readBody, updateUserBody } from '../body.ts';
import { AuthApiError } from '../errors.ts';
import type { AuthLimiter } from '../rate-limit.ts';
import { sendLinkMail } from '../mails.ts';
import { referrer } from '../redirect.ts';
import {
  checkPassword,
  endSessions,
  findUserByEmail,
  findUserById,
  normaliseEmail,
  publicUser,
  updateUser,
  verifyPassword,
  type UserChanges,
} from '../users.ts';

export function userRoutes(ctx: ServerContext, limiter: AuthLimiter): Hono {
  const { db, config } = ctx;
  const app = new Hono();

  app.get('/user', async (c) => c.json(publicUser((await currentUser(ctx, c)).user)));

  app.put('/user', async (c) => {
    const { user, claims } = await currentUser(ctx, c);
    limiter.request('user', clientIp(c, config.trustProxy));
    const body = await readBody(c, updateUserBody);
    const changes: UserChanges = {};
    if (body.password !== undefined) {
      changes.password = checkPassword(body.password, config.minimumPasswordLength);
      if (await verifyPassword(user, changes.password)) throw new AuthApiError('same_password');
    }
    // A new address is not the account's until a mailed link confirms it (both addresses' links with
    // [auth.email] double_confirm_changes), as GoTrue does for every account that is not anonymous.
    let newEmail: string | undefined;
    if (body.email !== undefined && normaliseEmail(body.email) !== user.email) {
      newEmail = normaliseEmail(body.email);
      const other = await findUserByEmail(db, newEmail);
      if (other && other.id !== user.id) throw new AuthApiError('email_exists');
      limiter.mail(newEmail);
    }
    checkMergedMetadata('data', user.raw_user_meta_data, body.data);
    if (body.data !== undefined) changes.userMetadata = body.data;
    const redirectTo = referrer(config, c.req.query('redirect_to'), c.req.header('referer'));
    const updated = await db.transaction(async (tx) => {
      const changed = await updateUser(tx, user, changes);
      if (!newEmail) return changed;
      await tx.query(
        `update auth.users set email_change = $2, email_change_sent_at = now(), email_change_confirm_status = 0 where id = $1`,
        [user.id, newEmail],
      );
      await tx.query(`delete from auth.one_time_tokens where user_id = $1 and token_type like 'email_change_%'`, [
        user.id,
      ]);
      await sendLinkMail(ctx, tx, 'email_change_new', user, newEmail, redirectTo, newEmail);
      if (config.secureEmailChange !== false && user.email)
        await sendLinkMail(ctx, tx, 'email_change_current', user, user.email, redirectTo, newEmail);
      return (await findUserById(tx, user.id))!;
    });
    if (changes.password !== undefined) {
      // As GoTrue: a new password signs out every other session (a thief's included).
      await endSessions(db, user.id, claims.session_id, 'others');
      ctx.sessions.forget();
    }
    return c.json(publicUser(updated));
  });

  app.post('/logout', async (c) => {
    const { user, claims } = await currentUser(ctx, c);
    await endSessions(db, user.id, claims.session_id, c.req.query('scope') ?? 'global');
    ctx.sessions.forget();
    return c.body(null, 204);
  });

  return app;
}
