// Signs and checks the HS256 JWTs that Supabase uses for API keys and access tokens. One secret,
// generated on first start and kept in the data directory (server/keys.ts).
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export type Role = 'anon' | 'authenticated' | 'service_role';

/** The claims hosted Supabase puts in an access token; API keys carry only iss, role, iat, exp. */
export interface Claims {
  iss?: string;
  sub?: string;
  aud?: string | string[];
  role: Role | string;
  email?: string;
  phone?: string;
  app_metadata?: Record<string, unknown>;
  user_metadata?: Record<string, unknown>;
  aal?: string;
  amr?: { method: string; timestamp: number }[];
  session_id?: string;
  is_anonymous?: boolean;
  iat?: number;
  exp?: number;
  [key: string]: unknown;
}

export type VerifyFailure = 'missing' | 'malformed' | 'expired' | 'bad_signature' | 'bad_alg' | 'session_ended';

export class JwtError extends Error {
  constructor(
    readonly reason: VerifyFailure,
    message: string,
  ) {
    super(message);
    this.name = 'JwtError';
  }
}

/** How long a verified token is remembered, and how many are (see JwtKeys.verify). */
const VERIFIED_TTL_MS = 60_000;
const VERIFIED_MAX = 5_000;

export class JwtKeys {
  private readonly key: Uint8Array;
  /** token -> its claims and when it was verified; Map order is oldest first. */
  private readonly verified = new Map<string, { claims: Claims; at: number }>();
  constructor(readonly secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: Claims, expiresInSeconds: number): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(claims.iat ?? now)
      .setExpirationTime(claims.exp ?? now + expiresInSeconds)
      .sign(this.key);
  }

  /**
   * Verifies signature, algorithm (HS256 only: `alg: none` is refused) and expiry. A token verified
   * in the last minute is not verified again (an HMAC per request was the Data API's largest cost
   * after the database): the whole token is the key, so a changed header, payload or signature is
   * a different token, and its expiry is still checked on every use.
   */
  async verify(token: string | undefined | null): Promise<Claims> {
    if (!token) throw new JwtError('missing', 'No API key found in request');
    const now = Date.now();
    const hit = this.verified.get(token);
    if (hit) {
      const exp = hit.claims.exp;
      if (now - hit.at < VERIFIED_TTL_MS && (exp === undefined || exp > Math.floor(now / 1000)))
        return { ...hit.claims };
      this.verified.delete(token);
    }
    const claims = await this.verifyOnce(token);
    this.verified.set(token, { claims, at: now });
    if (this.verified.size > VERIFIED_MAX) this.verified.delete(this.verified.keys().next().value!);
    return { ...claims };
  }

  private async verifyOnce(token: string): Promise<Claims> {
    if (token.split('.').length !== 3)
      throw new JwtError('malformed', 'invalid JWT: unable to parse or verify signature, token is malformed');
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: ['HS256'] });
      if (typeof payload.role !== 'string') throw new JwtError('malformed', 'invalid JWT: role claim missing');
      return payload as Claims;
    } catch (error) {
      if (error instanceof JwtError) throw error;
      if (error instanceof joseErrors.JWTExpired)
        throw new JwtError(
          'expired',
          'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired',
        );
      if (error instanceof joseErrors.JOSEAlgNotAllowed)
        throw new JwtError(
          'bad_alg',
          'invalid JWT: unable to parse or verify signature, signing method none is invalid',
        );
      if (error instanceof joseErrors.JWSSignatureVerificationFailed)
        throw new JwtError('bad_signature', 'invalid JWT: unable to parse or verify signature, signature is invalid');
      throw new JwtError('malformed', 'invalid JWT: unable to parse or verify signature, token is malformed');
    }
  }
}
