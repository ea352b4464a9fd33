// The administrator role: `app_metadata.role = 'admin'`, which only the operator sets (RLS reads it
// from the JWT). On a fresh database the stack creates the administrator from ADMIN_EMAIL/PASSWORD.
import { untimed, type Queryable } from '../db/database.ts';
import type { ServerContext } from '../context.ts';
import { createUser, findUserByEmail, normaliseEmail } from './users.ts';

/** Start-up work: untimed, like the migrations before it (a busy machine once cut it at 150 ms). */
export async function ensureAdmin(ctx: ServerContext, email: string, password: string): Promise<boolean> {
  const address = normaliseEmail(email);
  if (await findUserByEmail(ctx.db, address)) {
    await untimed(ctx.db, (tx) => setAdmin(tx, address, true));
    return false;
  }
  const admin = { email: address, password, userMetadata: { username: 'Admin' }, appMetadata: { role: 'admin' } };
  await createUser(ctx.db, admin, { startUp: true });
  return true;
}

/** Grants or revokes the admin role. Takes effect at the user's next token (sign-in or refresh). */
export async function setAdmin(db: Queryable, email: string, admin: boolean): Promise<boolean> {
  const sql = admin
    ? `update auth.users set raw_app_meta_data = raw_app_meta_data || '{"role":"admin"}'::jsonb, updated_at = now() where lower(email) = lower($1)`
    : `update auth.users set raw_app_meta_data = raw_app_meta_data - 'role', updated_at = now() where lower(email) = lower($1)`;
  const { rowCount } = await db.query(sql, [email]);
  return rowCount > 0;
}
