// Whose account a provider's sign-in opens, as GoTrue decides it (models/linking.go's
// DetermineAccountLinking and api/external.go's createAccountFromExternalIdentity): the account that
// already has this identity; else the one account with the same address, when the provider vouches
// for it (or every address counts as confirmed, GoTrue's autoconfirm), which gets the identity linked;
// else a new account. Also linking an identity by hand (linkIdentity) and unlinking one.
import type { Queryable } from '../../db/database.ts';
import { AuthApiError } from '../errors.ts';
import { findUserById, insertIdentity, insertUser, updateAppMetadataProviders, type UserRow } from '../users.ts';
import type { UserProvidedData } from './provider.ts';

export interface AccountPolicy {
  enableSignup: boolean;
  mailerAutoconfirm: boolean;
  emailOptional: boolean;
}

export type SignInOutcome =
  | { kind: 'signed_in'; user: UserRow; created: boolean }
  /** A new account whose address the provider did not verify, with confirmations on: no session. */
  | { kind: 'needs_verification'; user: UserRow };

/** GoTrue merges the identity's claims into the user's metadata at every sign-in. */
async function mergeUserMetadata(tx: Queryable, userId: string, data: Record<string, unknown>): Promise<void> {
  await tx.query(
    `update auth.users set raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || $2::jsonb, updated_at = now() where id = $1`,
    [userId, JSON.stringify(data)],
  );
}

const isBanned = (u: UserRow) => !!u.banned_until && new Date(u.banned_until) > new Date();

export async function signInWithIdentity(
  tx: Queryable,
  provider: string,
  data: UserProvidedData,
  policy: AccountPolicy,
): Promise<SignInOutcome> {
  const identityData = data.metadata;
  const primary = data.emails.find((e) => e.primary) ?? data.emails.at(-1);
  const candidate = primary ? { ...primary, email: primary.email.toLowerCase() } : undefined;
  const verified = data.emails.filter((e) => e.verified || policy.mailerAutoconfirm).map((e) => e.email.toLowerCase());

  let user: UserRow;
  let created = false;
  const { rows: existing } = await tx.query<{ id: string; user_id: string }>(
    'select id, user_id from auth.identities where provider_id = $1 and provider = $2',
    [identityData.sub, provider],
  );
  if (existing[0]) {
    // AccountExists: the identity's data and sign-in time, and the user's metadata, are refreshed.
    await tx.query(
      'update auth.identities set identity_data = $2::jsonb, last_sign_in_at = now(), updated_at = now() where id = $1',
      [existing[0].id, JSON.stringify(identityData)],
    );
    await mergeUserMetadata(tx, existing[0].user_id, identityData);
    await updateAppMetadataProviders(tx, existing[0].user_id);
    user = (await findUserById(tx, existing[0].user_id))!;
  } else {
    const linkTo = verified.length > 0 ? await accountWithAddress(tx, verified) : undefined;
    if (linkTo) {
      await insertIdentity(tx, linkTo, provider, identityData.sub, identityData);
      await mergeUserMetadata(tx, linkTo, identityData);
      await updateAppMetadataProviders(tx, linkTo);
      user = (await findUserById(tx, linkTo))!;
    } else {
      if (!policy.enableSignup) throw new AuthApiError('signup_disabled');
      // An unverified address another account already has is not taken over: the account gets none.
      let email = candidate?.email ?? '';
      if (email && verified.length === 0) {
        const { rows } = await tx.query('select 1 from auth.users where lower(email) = $1 and is_sso_user = false', [
          email,
        ]);
        if (rows.length) email = '';
      }
      user = await insertUser(tx, {
        email: email || null,
        userMetadata: {},
        confirmed: false,
        identity: { provider, providerId: identityData.sub, data: identityData },
      });
      created = true;
    }
  }

  if (isBanned(user)) throw new AuthApiError('user_banned');
  const hasEmail = !(policy.emailOptional && !candidate?.email);
  if (hasEmail && !user.email_confirmed_at) {
    if (candidate?.verified || policy.mailerAutoconfirm) {
      // Another way into an unconfirmed account (a password someone set before the owner confirmed)
      // is removed before the provider's identity confirms it: pre-account takeover.
      await tx.query(`delete from auth.identities where user_id = $1 and not (provider = $2 and provider_id = $3)`, [
        user.id,
        provider,
        identityData.sub,
      ]);
      await tx.query(
        `update auth.users set encrypted_password = '', email_confirmed_at = now(), updated_at = now() where id = $1`,
        [user.id],
      );
      await updateAppMetadataProviders(tx, user.id);
      user = (await findUserById(tx, user.id))!;
    } else {
      return { kind: 'needs_verification', user };
    }
  }
  return { kind: 'signed_in', user, created };
}

/**
 * The one account these addresses point at: through an identity with one of them, else a user row
 * with one. Two different accounts: GoTrue refuses (MultipleAccounts) with a 500.
 */
async function accountWithAddress(tx: Queryable, emails: string[]): Promise<string | undefined> {
  const { rows: identities } = await tx.query<{ user_id: string }>(
    'select distinct user_id from auth.identities where email = any($1::text[])',
    [emails],
  );
  const { rows: users } = await tx.query<{ id: string }>(
    'select id from auth.users where lower(email) = any($1::text[]) and is_sso_user = false',
    [emails],
  );
  const ids = identities.length > 0 ? identities.map((r) => r.user_id) : users.map((r) => r.id);
  if (ids.length > 1)
    throw new AuthApiError(
      'unexpected_failure',
      'Multiple accounts with the same email address in the same linking domain detected: default',
    );
  return ids[0];
}

/** linkIdentity's callback (GoTrue's linkIdentityToUser): the identity joins the signed-in account. */
export async function linkIdentity(
  tx: Queryable,
  target: UserRow,
  provider: string,
  data: UserProvidedData,
): Promise<UserRow> {
  const { rows } = await tx.query<{ user_id: string }>(
    'select user_id from auth.identities where provider_id = $1 and provider = $2',
    [data.metadata.sub, provider],
  );
  if (rows[0])
    throw new AuthApiError(
      'identity_already_exists',
      rows[0].user_id === target.id ? 'Identity is already linked' : 'Identity is already linked to another user',
    );
  await insertIdentity(tx, target.id, provider, data.metadata.sub, data.metadata);
  await updateAppMetadataProviders(tx, target.id);
  return (await findUserById(tx, target.id))!;
}

/** unlinkIdentity (GoTrue's DeleteIdentity): never the last one; the address follows what is left. */
export async function unlinkIdentity(tx: Queryable, user: UserRow, identityId: string): Promise<void> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(identityId))
    throw new AuthApiError('validation_failed', 'identity_id must be an UUID');
  if (user.identities.length <= 1) throw new AuthApiError('single_identity_not_deletable');
  const identity = user.identities.find((i) => i.id === identityId);
  if (!identity) throw new AuthApiError('identity_not_found');
  await tx.query('delete from auth.identities where id = $1', [identityId]);
  const left = user.identities.filter((i) => i.id !== identityId);
  const email = user.email?.toLowerCase();
  if (email && !left.some((i) => i.email === email)) {
    const next = left.find((i) => i.email)?.email;
    if (next) {
      try {
        await tx.query('update auth.users set email = $2, updated_at = now() where id = $1', [user.id, next]);
      } catch (error) {
        if ((error as { code?: string }).code === '23505')
          throw new AuthApiError('email_conflict_identity_not_deletable');
        throw error;
      }
    }
  }
  await updateAppMetadataProviders(tx, user.id);
}
