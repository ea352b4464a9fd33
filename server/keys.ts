// The local stack's secrets: a JWT secret made on first start and kept in the data directory, and
// the anon and service_role API keys signed with it (long-lived, as `supabase status` prints them).
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JwtKeys } from './auth/jwt.ts';

export interface StackKeys {
  jwt: JwtKeys;
  anonKey: string;
  serviceRoleKey: string;
}

const TEN_YEARS = 10 * 365 * 24 * 3600;

/** Loads the secret from `<dir>/jwt-secret` (creating it), or uses JWT_SECRET when set. */
export async function loadKeys(dir: string | undefined, envSecret = process.env.JWT_SECRET): Promise<StackKeys> {
  let secret = envSecret;
  if (!secret && dir) {
    const file = join(dir, 'jwt-secret');
    secret = (await readFile(file, 'utf8').catch(() => '')).trim();
    if (!secret) {
      secret = randomBytes(32).toString('hex');
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await writeFile(file, secret + '\n', { mode: 0o600 });
    }
  }
  secret ??= randomBytes(32).toString('hex');
  const jwt = new JwtKeys(secret);
  // Fixed iat keeps the keys the same across restarts, so a browser's stored key keeps working.
  const iat = 1700000000;
  const anonKey = await jwt.sign({ iss: 'supabase-local', role: 'anon', iat, exp: iat + TEN_YEARS }, 0);
  const serviceRoleKey = await jwt.sign({ iss: 'supabase-local', role: 'service_role', iat, exp: iat + TEN_YEARS }, 0);
  return { jwt, anonKey, serviceRoleKey };
}
