// The administrator role: `app_metadata.role = 'admin'`, which only the operator sets (RLS reads it
// from the JWT). On a fresh database the stack creates the administrator from ADMIN_EMAIL/PASSWORD.
import type { Queryable } from '../db/database.ts';
import type { ServerContext } from '../context.ts';
import { createUser, findUserByEmail, normaliseEmail } from './users.ts';

export async function ensureAdmin(ctx: ServerContext, email: string, password: string): Promise<boolean> {
  const address = normaliseEmail(email);
  const existing = await findUserByEmail(ctx.db, address);
  if (existing) {
    await setAdmin(ctx.db, address, true);
    return false;
  }
  await createUser(ctx.db, {
    email: address,
    password,
    userMetadata: { username: 'Admin' },
    appMetadata: { role: 'admin' },
  });
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
