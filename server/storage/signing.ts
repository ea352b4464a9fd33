// Signed URLs as supabase/storage makes them: a JWT signed with the project's secret (HS256) whose
// `url` claim is `<bucket>/<object name>`, valid for expiresIn seconds; GET /object/sign/<same path>
// with it as `token` reads the object without any other key.
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { StorageError } from './errors.ts';

export async function signObjectUrl(secret: string, bucket: string, name: string, expiresIn: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ url: `${bucket}/${name}` })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(new TextEncoder().encode(secret));
  return `/object/sign/${bucket}/${name}?token=${token}`;
}

export async function verifyObjectToken(
  secret: string,
  token: string | undefined,
  bucket: string,
  name: string,
): Promise<void> {
  if (!token) throw new StorageError('InvalidSignature', 'Missing token');
  let url: unknown;
  try {
    ({
      payload: { url },
    } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] }));
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired)
      throw new StorageError('ExpiredToken', 'The provided token has expired.');
    throw new StorageError('InvalidSignature', 'Invalid signature');
  }
  if (url !== `${bucket}/${name}`) throw new StorageError('InvalidSignature', 'Invalid signature');
}

/** expiresIn as storage accepts it: a whole number of seconds, at least 1. */
export function expiresInOf(value: unknown): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 10 * 365 * 24 * 3600)
    throw new StorageError('InvalidRequest', 'expiresIn must be a whole number of seconds, at least 1');
  return n;
}
