// auth.flow_state, as GoTrue's models/flow_state.go uses it: one row per sign-in with a provider,
// whose id is the OAuth state; a PKCE flow keeps its code challenge there and, after the callback,
// the auth code that the client exchanges with its code verifier.
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import { AuthApiError } from '../errors.ts';

/** GoTrue's defaultFlowStateExpiryDuration. */
export const FLOW_STATE_EXPIRY_SECONDS = 300;

export interface FlowState {
  id: string;
  user_id: string | null;
  auth_code: string | null;
  code_challenge: string | null;
  code_challenge_method: 's256' | 'plain' | null;
  provider_type: string;
  provider_access_token: string | null;
  provider_refresh_token: string | null;
  authentication_method: string;
  referrer: string | null;
  linking_target_id: string | null;
  email_optional: boolean;
  expired: boolean;
}

const COLUMNS = `id, user_id, auth_code, code_challenge, code_challenge_method, provider_type, provider_access_token,
  provider_refresh_token, authentication_method, referrer, linking_target_id, email_optional,
  created_at + make_interval(secs => ${FLOW_STATE_EXPIRY_SECONDS}) < now() as expired`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isPkce = (f: Pick<FlowState, 'code_challenge'>) => !!f.code_challenge;

const CHALLENGE = /^[a-zA-Z._~0-9-]+$/;

/** GoTrue's validatePKCEParams: both or neither, and a challenge as RFC 7636 allows it. */
export function validatePkceParams(method: string, challenge: string): void {
  if (!challenge !== !method)
    throw new AuthApiError('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  if (!challenge) return;
  if (challenge.length < 43 || challenge.length > 128)
    throw new AuthApiError('validation_failed', 'code challenge has to be between 43 and 128 characters');
  if (!CHALLENGE.test(challenge))
    throw new AuthApiError(
      'validation_failed',
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
}

export async function createFlowState(
  q: Queryable,
  params: {
    provider: string;
    codeChallenge: string;
    codeChallengeMethod: string;
    referrer: string;
    linkingTargetId?: string;
    emailOptional: boolean;
  },
): Promise<string> {
  const method = params.codeChallengeMethod.toLowerCase();
  if (params.codeChallenge && method !== 's256' && method !== 'plain')
    throw new AuthApiError('validation_failed', 'Invalid code_challenge_method');
  const id = randomUUID();
  const pkce = !!params.codeChallenge;
  // Flows nobody finished (a closed tab, or anyone calling /authorize) are kept a day, as GoTrue's cleanup does.
  await q.query(`delete from auth.flow_state where created_at < now() - interval '24 hours'`);
  await q.query(
    `insert into auth.flow_state (id, auth_code, code_challenge, code_challenge_method, provider_type,
       authentication_method, referrer, linking_target_id, email_optional, created_at, updated_at)
     values ($1, $2, $3, $4::auth.code_challenge_method, $5, 'oauth', $6, $7, $8, now(), now())`,
    [
      id,
      pkce ? randomUUID() : null,
      pkce ? params.codeChallenge : null,
      pkce ? method : null,
      params.provider,
      params.referrer || null,
      params.linkingTargetId ?? null,
      params.emailOptional,
    ],
  );
  return id;
}

/** The flow a callback's state names; `forUpdate` locks it (SKIP LOCKED: a racing callback finds none). */
export async function findFlowState(q: Queryable, id: string, forUpdate = false): Promise<FlowState | undefined> {
  if (!UUID.test(id)) return undefined;
  const { rows } = await q.query<FlowState>(
    `select ${COLUMNS} from auth.flow_state where id = $1${forUpdate ? ' for update skip locked' : ''}`,
    [id],
  );
  return rows[0];
}

export async function findFlowStateByAuthCode(q: Queryable, code: string): Promise<FlowState | undefined> {
  const { rows } = await q.query<FlowState>(`select ${COLUMNS} from auth.flow_state where auth_code = $1`, [code]);
  return rows[0];
}

export async function deleteFlowState(q: Queryable, id: string): Promise<void> {
  await q.query('delete from auth.flow_state where id = $1', [id]);
}

/** After the callback of a PKCE flow: who signed in and the provider's tokens, until the code is exchanged. */
export async function completeFlowState(
  q: Queryable,
  id: string,
  userId: string,
  token: { accessToken: string; refreshToken: string },
): Promise<void> {
  await q.query(
    `update auth.flow_state set user_id = $2, provider_access_token = $3, provider_refresh_token = $4,
       auth_code_issued_at = now(), updated_at = now() where id = $1`,
    [id, userId, token.accessToken, token.refreshToken],
  );
}

/** security.VerifyPKCEChallenge. */
export function verifyPkce(flow: FlowState, verifier: string): void {
  const expected =
    flow.code_challenge_method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
  const a = Buffer.from(flow.code_challenge ?? '');
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b))
    throw new AuthApiError('bad_code_verifier', 'code challenge does not match previously saved code verifier');
}
