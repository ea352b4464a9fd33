// JwtKeys.verify remembers the tokens it verified (the Data API verified one per request): what it
// remembers must never let through a token it would refuse.
import { describe, expect, it } from 'vitest';
import { JwtKeys } from '../auth/jwt.ts';
import { timeoutToMs } from '../db/timeout-setting.ts';

const keys = new JwtKeys('a-secret-of-at-least-thirty-two-characters!');

describe('verified tokens remembered by JwtKeys', () => {
  it('refuses a remembered token once it has expired', async () => {
    // Expiry is in whole seconds from a floored now: a 1 s token can be expired at once (signed at
    // x.97 s, checked at x+1.0 s), so it lives 3 s (2 to 3 s in fact) and is certainly over 3.1 s later.
    const token = await keys.sign({ role: 'authenticated', sub: 'u1' }, 3);
    expect((await keys.verify(token)).sub).toBe('u1');
    expect((await keys.verify(token)).sub).toBe('u1');
    await new Promise((r) => setTimeout(r, 3100));
    await expect(keys.verify(token)).rejects.toMatchObject({ reason: 'expired' });
  });

  it('refuses a remembered token whose payload was changed, and one signed with another secret', async () => {
    const token = await keys.sign({ role: 'anon' }, 60);
    await keys.verify(token);
    const [header, , signature] = token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ role: 'service_role', exp: 4102444800 })).toString('base64url')}.${signature}`;
    await expect(keys.verify(forged)).rejects.toMatchObject({ reason: 'bad_signature' });
    const other = await new JwtKeys('another-secret-of-at-least-thirty-two-chars').sign({ role: 'anon' }, 60);
    await expect(keys.verify(other)).rejects.toMatchObject({ reason: 'bad_signature' });
  });

  it('hands each caller its own copy of the claims', async () => {
    const token = await keys.sign({ role: 'authenticated', sub: 'u2' }, 60);
    const first = await keys.verify(token);
    first.role = 'service_role';
    expect((await keys.verify(token)).role).toBe('authenticated');
  });
});

describe("PGlite's statement_timeout as SHOW prints it", () => {
  it('reads every unit Postgres prints it in', () => {
    expect(['0', '150ms', '3s', '2min', '1h', '1d', 'x'].map(timeoutToMs)).toEqual([
      0,
      150,
      3000,
      120_000,
      3_600_000,
      86_400_000,
      undefined,
    ]);
  });
});
