// The admin API (service_role only): what operators and tests use to manage accounts.
import { Hono } from 'hono';
import type { ServerContext } from '../../context.ts';
import { bearerToken } from '../../shared/http.ts';
import { adminCreateUserBody, adminUpdateUserBody, checkMergedMetadata, readBody } from '../body.ts';
import { AuthApiError } from '../errors.ts';
import {
  checkPassword,
  createUser,
  endSessions,
  findUserById,
  normaliseEmail,
  publicUser,
  updateUser,
  type UserChanges,
  type UserRow,
  USER_COLUMNS,
} from '../users.ts';

export function adminRoutes(ctx: ServerContext): Hono {
  const { db, keys, config } = ctx;
  const admin = new Hono();

  admin.use('*', async (c, next) => {
    let role: string | undefined;
    try {
      role = (await keys.jwt.verify(bearerToken(c.req.header('authorization')))).role;
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
      `select ${USER_COLUMNS} from auth.users where deleted_at is null order by created_at limit $1 offset $2`,
      [perPage, (page - 1) * perPage],
    );
    return c.json({ users: rows.map(publicUser), aud: 'authenticated' });
  });

  admin.post('/users', async (c) => {
    const body = await readBody(c, adminCreateUserBody);
    const user = await createUser(db, {
      email: normaliseEmail(body.email),
      password: checkPassword(body.password, config.minimumPasswordLength),
      userMetadata: body.user_metadata ?? {},
      appMetadata: body.app_metadata ?? {},
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
    const body = await readBody(c, adminUpdateUserBody);
    checkMergedMetadata('user_metadata', user.raw_user_meta_data, body.user_metadata);
    checkMergedMetadata('app_metadata', user.raw_app_meta_data, body.app_metadata);
    const changes: UserChanges = {
      appMetadata: body.app_metadata,
      userMetadata: body.user_metadata,
      password: body.password === undefined ? undefined : checkPassword(body.password, config.minimumPasswordLength),
    };
    const updated = await updateUser(db, user, changes);
    if (changes.password !== undefined) {
      // A password set by the operator signs the user out everywhere, as GoTrue does.
      await endSessions(db, user.id, undefined, 'global');
      ctx.sessions.forget();
    }
    return c.json(publicUser(updated));
  });

  admin.delete('/users/:id', async (c) => {
    const user = await findUserById(db, c.req.param('id'));
    if (!user) throw new AuthApiError('user_not_found');
    await db.query('delete from auth.users where id = $1', [user.id]);
    ctx.sessions.forget();
    return c.json({});
  });

  return admin;
}
