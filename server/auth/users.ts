// The auth data operations: users, sessions, refresh tokens and one-time tokens in the auth schema.
// Auth runs as the database owner, as GoTrue does with its own role; RLS is for the API roles.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import { untimed, type Database, type Queryable } from '../db/database.ts';
import { AuthApiError } from './errors.ts';

/** A row of auth.identities: one per way the user signs in (email, discord). */
export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  email: string | null;
  last_sign_in_at: string | null;
  created_at: string | null;
  updated_at: string | null;
}

export interface UserRow {
  id: string;
  aud: string;
  role: string;
  /** Null for an account made by a provider that gave no address (email_optional). */
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  confirmation_sent_at: string | null;
  recovery_sent_at: string | null;
  /** The address an e-mail change waits to confirm ('' when none), and when its mail went. */
  email_change: string | null;
  email_change_sent_at: string | null;
  email_change_confirm_status: number | null;
  last_sign_in_at: string | null;
  raw_app_meta_data: Record<string, unknown>;
  raw_user_meta_data: Record<string, unknown>;
  is_anonymous: boolean;
  banned_until: string | null;
  created_at: string;
  updated_at: string;
  /** Oldest first, as GoTrue lists them. */
  identities: IdentityRow[];
}

/** A user row with its identities (usable in `returning` too: the subquery reads the row's id). */
export const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_sent_at,
  recovery_sent_at, email_change, email_change_sent_at, email_change_confirm_status, last_sign_in_at,
  raw_app_meta_data, raw_user_meta_data, is_anonymous, banned_until, created_at, updated_at,
  (select coalesce(jsonb_agg(to_jsonb(i) order by i.created_at, i.id), '[]'::jsonb)
     from auth.identities i where i.user_id = auth.users.id) as identities`;

const BCRYPT_COST = 10;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const iso = (v: unknown): string | null => (v == null ? null : new Date(v as string).toISOString());

/** An identity as GoTrue returns it: `identity_id` is the row, `id` the provider's own id for the user. */
export function publicIdentity(i: IdentityRow): Record<string, unknown> {
  return {
    identity_id: i.id,
    id: i.provider_id,
    user_id: i.user_id,
    identity_data: i.identity_data,
    provider: i.provider,
    last_sign_in_at: iso(i.last_sign_in_at),
    created_at: iso(i.created_at),
    updated_at: iso(i.updated_at),
    ...(i.email ? { email: i.email } : {}),
  };
}

/** The user object GoTrue returns (its omitempty fields left out when empty). */
export function publicUser(u: UserRow): Record<string, unknown> {
  return {
    id: u.id,
    aud: u.aud,
    role: u.role,
    email: u.email ?? '',
    email_confirmed_at: iso(u.email_confirmed_at) ?? undefined,
    phone: '',
    confirmation_sent_at: iso(u.confirmation_sent_at) ?? undefined,
    confirmed_at: iso(u.email_confirmed_at) ?? undefined,
    recovery_sent_at: iso(u.recovery_sent_at) ?? undefined,
    new_email: u.email_change || undefined,
    email_change_sent_at: iso(u.email_change_sent_at) ?? undefined,
    last_sign_in_at: iso(u.last_sign_in_at) ?? undefined,
    app_metadata: u.raw_app_meta_data ?? {},
    user_metadata: u.raw_user_meta_data ?? {},
    identities: (u.identities ?? []).map(publicIdentity),
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    is_anonymous: u.is_anonymous ?? false,
  };
}

export function normaliseEmail(email: unknown): string {
  if (typeof email !== 'string' || !EMAIL_RE.test(email.trim()) || email.length > 254) {
    throw new AuthApiError('email_address_invalid');
  }
  return email.trim().toLowerCase();
}

export function checkPassword(password: unknown, minLength: number): string {
  if (typeof password !== 'string' || password.length === 0) {
    throw new AuthApiError('validation_failed', 'Password is required');
  }
  if (password.length < minLength) {
    throw new AuthApiError('weak_password', `Password should be at least ${minLength} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
  if (password.length > 72) {
    throw new AuthApiError('weak_password', 'Password cannot be longer than 72 characters', {
      weak_password: { reasons: ['length'] },
    });
  }
  return password;
}

export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_COST);

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where lower(email) = lower($1) and deleted_at is null`,
    [email],
  );
  return rows[0];
}

export async function findUserById(q: Queryable, id: string): Promise<UserRow | undefined> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const { rows } = await q.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`,
    [id],
  );
  return rows[0];
}

export interface NewUser {
  /** Null only for a provider's account without an address (email_optional). */
  email: string | null;
  /** Already checked against the password rules; none for an account made by a provider. */
  password?: string;
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
  /** The address counts as confirmed now (GoTrue's autoconfirm, or a provider's verified address). */
  confirmed?: boolean;
  /** The identity it signs in with; unset, its e-mail identity. */
  identity?: { provider: string; providerId: string; data: Record<string, unknown> };
}

/**
 * Inserts a user and its identity, the rows GoTrue writes on sign-up: an id chosen by Auth, '' in
 * the token columns GoTrue reads as strings, timestamps set, and the identity's data copied into the
 * user metadata. A dump of them restores into hosted Supabase and the user signs in there. When the
 * database refuses the row (the app's profiles trigger raising on bad metadata), GoTrue answers 500
 * "Database error saving new user" and keeps the reason in its logs: so does this.
 */
export async function createUser(
  db: Database,
  input: NewUser,
  /** Start-up work (the first administrator): untimed, like the migrations before it. */
  { startUp = false } = {},
): Promise<UserRow> {
  const hash = input.password === undefined ? '' : await hashPassword(input.password);
  const insert = (tx: Queryable) => insertUser(tx, input, hash);
  try {
    return await (startUp ? untimed(db, insert) : db.transaction(insert));
  } catch (error) {
    throw userSaveError(error);
  }
}

/** Auth's own refusals as they are; a database error as GoTrue's 500, its reason in the log only. */
export function userSaveError(error: unknown): unknown {
  if (error instanceof AuthApiError) return error;
  console.error(`auth: database error saving new user: ${(error as Error).message}`);
  return new AuthApiError('unexpected_failure', 'Database error saving new user');
}

/** createUser's rows, inside the caller's transaction (a provider's sign-in makes its session in it too). */
export async function insertUser(tx: Queryable, input: NewUser, hash = ''): Promise<UserRow> {
  const id = randomUUID();
  const provider = input.identity?.provider ?? 'email';
  const appMetadata = { provider, providers: [provider], ...(input.appMetadata ?? {}) };
  const identityData = input.identity?.data ?? {
    sub: id,
    email: input.email,
    email_verified: true,
    phone_verified: false,
  };
  if (input.email && (await findUserByEmail(tx, input.email))) throw new AuthApiError('user_already_exists');
  await tx.query(
    `insert into auth.users (
       instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, confirmation_sent_at,
       confirmation_token, recovery_token, email_change_token_new, email_change,
       email_change_token_current, reauthentication_token, phone_change, phone_change_token,
       raw_app_meta_data, raw_user_meta_data, is_sso_user, is_anonymous, created_at, updated_at
     ) values (
       '00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
       case when $6 then now() end, null,
       '', '', '', '', '', '', '', '', $4::jsonb, $5::jsonb, false, false, now(), now()
     )`,
    [
      id,
      input.email,
      hash,
      JSON.stringify(appMetadata),
      JSON.stringify({ ...(input.userMetadata ?? {}), ...identityData }),
      input.confirmed !== false,
    ],
  );
  await insertIdentity(tx, id, provider, input.identity?.providerId ?? id, identityData);
  return (await findUserById(tx, id))!;
}

/** An identity row, as GoTrue's NewIdentity writes it (email comes from identity_data). */
export async function insertIdentity(
  tx: Queryable,
  userId: string,
  provider: string,
  providerId: string,
  data: Record<string, unknown>,
): Promise<void> {
  await tx.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3::jsonb, $4, now(), now(), now())`,
    [providerId, userId, JSON.stringify(data), provider],
  );
}

/** app_metadata.providers from the identities, oldest first, and provider the first of them (GoTrue's UpdateAppMetaDataProviders). */
export async function updateAppMetadataProviders(tx: Queryable, userId: string): Promise<void> {
  await tx.query(
    `update auth.users u set raw_app_meta_data = coalesce(u.raw_app_meta_data, '{}'::jsonb) || jsonb_build_object(
       'providers', p.providers) || case when jsonb_array_length(p.providers) > 0
         then jsonb_build_object('provider', p.providers -> 0) else '{}'::jsonb end,
       updated_at = now()
     from (select coalesce(jsonb_agg(provider order by first), '[]'::jsonb) as providers
           from (select provider, min(created_at) as first from auth.identities where user_id = $1 group by provider) x) p
     where u.id = $1`,
    [userId],
  );
}

/** Maps a Postgres error raised while writing a user to the error a client should see. */
export function databaseError(error: unknown): unknown {
  if (error instanceof AuthApiError) return error;
  const pg = error as { code?: string; message?: string };
  if (pg.code === '23505') return new AuthApiError('user_already_exists');
  // A rule's own error (SQLSTATE class BC, supabase/schemas/errors.sql), a plain raise or a constraint.
  if (pg.code === 'P0001' || /^(BC|23|22)/.test(pg.code ?? '')) {
    return new AuthApiError('validation_failed', pg.message);
  }
  return error;
}

export async function verifyPassword(user: UserRow, password: string): Promise<boolean> {
  if (!user.encrypted_password) return false;
  return bcrypt.compare(password, user.encrypted_password);
}

export interface SessionRow {
  id: string;
  user_id: string;
}

const newToken = () => randomBytes(24).toString('base64url');

export async function createSession(
  q: Queryable,
  userId: string,
): Promise<{ sessionId: string; refreshToken: string }> {
  const sessionId = randomUUID();
  await q.query(
    `insert into auth.sessions (id, user_id, aal, created_at, updated_at) values ($1, $2, 'aal1', now(), now())`,
    [sessionId, userId],
  );
  const refreshToken = newToken();
  await q.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, session_id, revoked, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, $3, false, now(), now())`,
    [refreshToken, userId, sessionId],
  );
  await q.query('update auth.users set last_sign_in_at = now() where id = $1', [userId]);
  return { sessionId, refreshToken };
}

export type Rotation =
  | { kind: 'rotated'; userId: string; sessionId: string; refreshToken: string }
  /** A rotated token replayed past the reuse interval: its session has been ended. */
  | { kind: 'reused' };

/**
 * Rotates a refresh token as GoTrue does: the old one is revoked and a new one issued in the same
 * session. A revoked token may be used again for `reuseIntervalSeconds` (two tabs refreshing at
 * once) and then gets the session's current token. Past that, a replay means someone else may hold
 * the session's tokens: the whole session ends (GoTrue revokes the token family), and its access
 * tokens stop working too.
 */
export async function rotateRefreshToken(
  db: Database,
  token: unknown,
  reuseIntervalSeconds: number,
): Promise<Rotation> {
  if (typeof token !== 'string' || !token) throw new AuthApiError('refresh_token_not_found');
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{
      id: string;
      user_id: string;
      session_id: string;
      revoked: boolean;
      reusable: boolean;
    }>(
      `select id, user_id, session_id, revoked, updated_at + make_interval(secs => $2) > now() as reusable
       from auth.refresh_tokens where token = $1 for update`,
      [token, reuseIntervalSeconds],
    );
    const row = rows[0];
    if (!row) throw new AuthApiError('refresh_token_not_found');
    if (row.revoked) {
      if (!row.reusable) {
        await tx.query('delete from auth.sessions where id = $1', [row.session_id]);
        return { kind: 'reused' };
      }
      const { rows: active } = await tx.query<{ token: string }>(
        'select token from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
        [row.session_id],
      );
      if (active[0])
        return { kind: 'rotated', userId: row.user_id, sessionId: row.session_id, refreshToken: active[0].token };
    }
    await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [row.id]);
    const refreshToken = newToken();
    await tx.query(
      `insert into auth.refresh_tokens (instance_id, token, user_id, session_id, parent, revoked, created_at, updated_at)
       values ('00000000-0000-0000-0000-000000000000', $1, $2, $3, $4, false, now(), now())`,
      [refreshToken, row.user_id, row.session_id, token],
    );
    await tx.query('update auth.sessions set updated_at = now() where id = $1', [row.session_id]);
    return { kind: 'rotated', userId: row.user_id, sessionId: row.session_id, refreshToken };
  });
}

export async function sessionExists(q: Queryable, sessionId: string): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return false;
  const { rows } = await q.query('select 1 from auth.sessions where id = $1', [sessionId]);
  return rows.length > 0;
}

export async function endSessions(
  q: Queryable,
  userId: string,
  sessionId: string | undefined,
  scope: string,
): Promise<void> {
  if (scope === 'local') await q.query('delete from auth.sessions where id = $1', [sessionId]);
  else if (scope === 'others')
    await q.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  else await q.query('delete from auth.sessions where user_id = $1', [userId]);
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A one-time token for a mailed link; only its hash is stored. */
export async function issueOneTimeToken(
  q: Queryable,
  userId: string,
  type: string,
  ttlSeconds = 3600,
): Promise<string> {
  const token = randomBytes(24).toString('hex');
  await q.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [userId, type]);
  await q.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, expires_at)
     values ($1, $2, $3, now() + make_interval(secs => $4))`,
    [userId, type, hashToken(token), ttlSeconds],
  );
  return token;
}

/** Consumes a one-time token: valid once, before it expires. Returns the user id. */
export async function consumeOneTimeToken(
  q: Queryable,
  token: unknown,
  types: string[],
): Promise<{ userId: string; type: string }> {
  if (typeof token !== 'string' || !token) throw new AuthApiError('otp_expired');
  const { rows } = await q.query<{ user_id: string; token_type: string }>(
    `delete from auth.one_time_tokens where token_hash = $1 and token_type = any($2::text[]) and expires_at > now()
     returning user_id, token_type`,
    [hashToken(token), types],
  );
  if (!rows[0]) throw new AuthApiError('otp_expired');
  return { userId: rows[0].user_id, type: rows[0].token_type };
}

export interface UserChanges {
  /** Already checked against the password rules. */
  password?: string;
  email?: string;
  /** Merged into the existing metadata, as GoTrue does. */
  userMetadata?: Record<string, unknown>;
  appMetadata?: Record<string, unknown>;
}

/** Applies the changes given and returns the user as it now is (unchanged when there are none). */
export async function updateUser(db: Queryable, user: UserRow, changes: UserChanges): Promise<UserRow> {
  const sets: string[] = [];
  const params: unknown[] = [user.id];
  const set = (column: string, value: unknown, merge = false) => {
    params.push(value);
    sets.push(merge ? `${column} = ${column} || $${params.length}::jsonb` : `${column} = $${params.length}`);
  };
  if (changes.password !== undefined) set('encrypted_password', await hashPassword(changes.password));
  if (changes.email !== undefined) set('email', changes.email);
  if (changes.userMetadata) set('raw_user_meta_data', JSON.stringify(changes.userMetadata), true);
  if (changes.appMetadata) set('raw_app_meta_data', JSON.stringify(changes.appMetadata), true);
  if (sets.length === 0) return user;
  try {
    const { rows } = await db.query<UserRow>(
      `update auth.users set ${sets.join(', ')}, updated_at = now() where id = $1 returning ${USER_COLUMNS}`,
      params,
    );
    return rows[0]!;
  } catch (error) {
    throw databaseError(error);
  }
}
