// The signed-in user: read and change their account, and sign out.
import { Hono } from 'hono';
import type { ServerContext } from '../../context.ts';
import { clientIp } from '../../shared/http.ts';
import { currentUser } from '../access.ts';
import { checkMergedMetadata, readBody, updateUserBody } from '../body.ts';
import { AuthApiError } from '../errors.ts';
import type { AuthLimiter } from '../rate-limit.ts';
import {
  checkPassword,
  endSessions,
  findUserByEmail,
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
    if (body.email !== undefined) {
      changes.email = normaliseEmail(body.email);
      const other = await findUserByEmail(db, changes.email);
      if (other && other.id !== user.id) throw new AuthApiError('email_exists');
    }
    checkMergedMetadata('data', user.raw_user_meta_data, body.data);
    if (body.data !== undefined) changes.userMetadata = body.data;
    const updated = await updateUser(db, user, changes);
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
