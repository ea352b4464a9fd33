// What a sign-in hands out (an access token with hosted Supabase's claims and a refresh token), and
// who is behind a request's bearer token.
import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/database.ts';
import { bearerToken } from '../shared/http.ts';
import { JwtError, type Claims } from './jwt.ts';
import { AuthApiError } from './errors.ts';
import { createSession, findUserById, publicUser, sessionExists, type UserRow } from './users.ts';

/** How the session was started: GoTrue's `amr` method (password, oauth, recovery...). */
export type SignInMethod = 'password' | 'oauth' | 'recovery' | 'otp';

export async function issueSession(
  ctx: ServerContext,
  user: UserRow,
  existing?: { sessionId: string; refreshToken: string },
  options: { method?: SignInMethod; q?: Queryable } = {},
) {
  const { config, keys } = ctx;
  const { sessionId, refreshToken } = existing ?? (await createSession(options.q ?? ctx.db, user.id));
  const now = Math.floor(Date.now() / 1000);
  const claims: Claims = {
    iss: `${config.apiUrl}/auth/v1`,
    sub: user.id,
    aud: 'authenticated',
    exp: now + config.jwtExpiry,
    iat: now,
    email: user.email,
    phone: '',
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: options.method ?? 'password', timestamp: now }],
    session_id: sessionId,
    is_anonymous: false,
  };
  const accessToken = await keys.jwt.sign(claims, config.jwtExpiry);
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: config.jwtExpiry,
    expires_at: now + config.jwtExpiry,
    refresh_token: refreshToken,
    user: publicUser(user),
  };
}

/** The signed-in user behind the bearer token (a user's access token, not an API key). */
export async function currentUser(ctx: ServerContext, c: Context): Promise<{ user: UserRow; claims: Claims }> {
  const token = bearerToken(c.req.header('authorization'));
  if (!token) throw new AuthApiError('no_authorization');
  let claims: Claims;
  try {
    claims = await ctx.keys.jwt.verify(token);
  } catch (error) {
    throw new AuthApiError('bad_jwt', error instanceof JwtError ? error.message : undefined);
  }
  if (claims.role !== 'authenticated' || !claims.sub)
    throw new AuthApiError('bad_jwt', 'invalid claim: missing sub claim');
  if (claims.session_id && !(await sessionExists(ctx.db, claims.session_id)))
    throw new AuthApiError('session_not_found');
  const user = await findUserById(ctx.db, claims.sub);
  if (!user) throw new AuthApiError('user_not_found');
  return { user, claims };
}
