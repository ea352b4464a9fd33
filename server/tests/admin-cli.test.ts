// `npm run admin -- grant|revoke|list <email>`: the operator's command, run as a real process on the
// data directory a stopped server left behind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, startTestStack, testEmail, type TestStack } from './helpers.ts';

function admin(dataDir: string, ...args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'server/cli/admin.ts'), ...args],
      { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, out: stdout + stderr }),
    );
  });
}

describe('npm run admin', () => {
  let stack: TestStack;
  const email = testEmail('captain');
  beforeAll(async () => {
    stack = await startTestStack();
    expect((await stack.client().auth.signUp({ email, password: 'secret123' })).error).toBeNull();
    await stack.stop();
  });
  afterAll(() => stack?.destroy());

  it('grants and revokes the administrator role, which the next sign-in carries', async () => {
    const granted = await admin(stack.dataDir, 'grant', email);
    expect(granted.out).toContain(`${email} is now an administrator`);
    expect(granted.code).toBe(0);
    expect((await admin(stack.dataDir, 'list')).out).toContain(email);

    const running = await startTestStack({ dataDir: stack.dataDir });
    try {
      const { data } = await running.client().auth.signInWithPassword({ email, password: 'secret123' });
      expect(data.user?.app_metadata.role).toBe('admin');
    } finally {
      await running.stop();
    }

    const revoked = await admin(stack.dataDir, 'revoke', email);
    expect(revoked.code).toBe(0);
    expect((await admin(stack.dataDir, 'list')).out).not.toContain(email);
  });

  it('says so for an unknown address, and shows its usage for anything else', async () => {
    const unknown = await admin(stack.dataDir, 'grant', 'nobody@example.com');
    expect(unknown.code).toBe(1);
    expect(unknown.out).toContain('No account with the email nobody@example.com');
    const usage = await admin(stack.dataDir, 'promote');
    expect(usage.code).toBe(2);
    expect(usage.out).toContain('Usage: npm run admin -- grant <email>');
  });
});
