// Mail that leaves the machine: `[auth.email.smtp]` read as the CLI reads it, Auth's recovery mail and
// the mailer other server code uses delivered to a real SMTP server started here (smtp-server), with
// STARTTLS when it offers it, and kept and retried when it refuses, across a restart.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, readOptions } from '../config.ts';
import { startTestStack, testEmail, type TestStack } from './helpers.ts';
import { smtpSettings, startSmtpServer, type TestSmtpServer } from './smtp-stand-in.ts';

/** How often the outbox has tried to deliver the mail to `to`, once it is queued. */
async function attempts(stack: TestStack, to: string): Promise<number> {
  const { rows } = await stack.ctx.db.query<{ attempts: number }>(
    'select attempts from outbox.mail where recipient = $1',
    [to],
  );
  return rows[0]?.attempts ?? 0;
}

describe('[auth.email.smtp] read as the Supabase CLI reads it', () => {
  it('is on when the table is there, with env() for the password, and names a missing key', async () => {
    const root = await mkdtemp(join(tmpdir(), 'brawlcup-config-'));
    try {
      await mkdir(join(root, 'supabase'));
      const toml = (extra: string) =>
        writeFile(
          join(root, 'supabase', 'config.toml'),
          `[auth.email.smtp]\n${extra}host = "smtp.example.com"\nport = 587\nuser = "apikey"\npass = "env(TEST_SMTP_PASS)"\nadmin_email = "admin@example.com"\nsender_name = "BrawlCup"\n`,
        );
      await toml('');
      expect(readOptions({ TEST_SMTP_PASS: 'p4ss' }, root).smtp).toEqual({
        host: 'smtp.example.com',
        port: 587,
        user: 'apikey',
        pass: 'p4ss',
        adminEmail: 'admin@example.com',
        senderName: 'BrawlCup',
      });
      await toml('enabled = false\n');
      expect(readOptions({ TEST_SMTP_PASS: 'p4ss' }, root).smtp).toBeUndefined();
      expect(
        readOptions(
          { TEST_SMTP_PASS: 'p4ss', SUPABASE_AUTH_EMAIL_SMTP_ENABLED: 'true', SUPABASE_AUTH_EMAIL_SMTP_PORT: '2525' },
          root,
        ).smtp?.port,
      ).toBe(2525);
      await writeFile(join(root, 'supabase', 'config.toml'), `[auth.email.smtp]\nport = 587\n`);
      expect(() => readOptions({}, root)).toThrow(
        new ConfigError('Missing required field in config: auth.email.smtp.host'),
      );
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe.each([['pglite'], ['postgres']] as const)('mail through SMTP on %s', (backend) => {
  let smtp: TestSmtpServer;
  let stack: TestStack;
  beforeAll(async () => {
    smtp = await startSmtpServer({ starttls: true });
    stack = await startTestStack({
      postgres: backend === 'postgres',
      smtp: await smtpSettings(smtp.port),
      mail: { retryBaseMs: 50, pollMs: 100 },
    });
  });
  afterAll(async () => {
    await stack?.destroy();
    await smtp?.close();
  });

  it("sends Auth's recovery mail over STARTTLS, signed in as the configured user, and nothing into the local mailbox", async () => {
    const email = testEmail('smtp');
    await stack.client().auth.signUp({ email, password: 'secret123' });
    const sent = await stack.client().auth.resetPasswordForEmail(email, { redirectTo: `${stack.url}/reset-password` });
    expect(sent).toEqual({ data: {}, error: null });

    const mail = await smtp.mailTo(email);
    expect(mail).toMatchObject({
      from: '"BrawlCup" <no-reply@brawlcup.test>',
      subject: 'Reset your BrawlCup password',
      secure: true,
      user: 'brawlcup',
    });
    const link = /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(mail.text)![1]!;
    const visit = await fetch(link, { redirect: 'manual' });
    expect(new URLSearchParams(new URL(visit.headers.get('location')!).hash.slice(1)).get('type')).toBe('recovery');
    expect(stack.ctx.mailbox.list(email)).toEqual([]);
  });

  it('keeps a mail the server refuses, answers the request as GoTrue does, and delivers it on a later attempt', async () => {
    const email = testEmail('refused');
    await stack.client().auth.signUp({ email, password: 'secret123' });
    smtp.refuse = true;
    const sent = await stack.client().auth.resetPasswordForEmail(email);
    expect(sent).toEqual({ data: {}, error: null });
    // Refused at least once, then the server takes mail again.
    await expect.poll(() => attempts(stack, email), { timeout: 15_000 }).toBeGreaterThan(0);
    smtp.refuse = false;
    expect((await smtp.mailTo(email)).subject).toBe('Reset your BrawlCup password');
  });

  it('gives other server code one function: ctx.mail.send', async () => {
    const to = testEmail('notified');
    await stack.ctx.mail.send({
      to,
      subject: 'Your match is ready',
      text: 'Round 1 starts now.',
      html: '<p>Round 1 starts now.</p>',
    });
    expect(await smtp.mailTo(to)).toMatchObject({ subject: 'Your match is ready', text: 'Round 1 starts now.' });
  });
});

describe('mail through SMTP across a restart', () => {
  it('delivers what waited when the server starts again', async () => {
    const smtp = await startSmtpServer({ starttls: false });
    smtp.refuse = true;
    const settings = await smtpSettings(smtp.port);
    let stack = await startTestStack({ smtp: settings, mail: { retryBaseMs: 60_000, pollMs: 60_000 } });
    const dataDir = stack.dataDir;
    try {
      const to = testEmail('waited');
      await stack.ctx.mail.send({
        to,
        subject: 'Check-in is open',
        text: 'Check in now.',
        html: '<p>Check in now.</p>',
      });
      await expect.poll(() => attempts(stack, to), { timeout: 15_000 }).toBe(1);
      await stack.stop();
      // The SMTP server takes mail again; the next attempt would be a minute away, but a start tries at once.
      smtp.refuse = false;
      stack = await startTestStack({ dataDir, smtp: settings, mail: { retryBaseMs: 60_000, pollMs: 60_000 } });
      const mail = await smtp.mailTo(to);
      // A server without STARTTLS gets the mail in plain text, as GoTrue's mailer sends it.
      expect(mail).toMatchObject({ subject: 'Check-in is open', secure: false });
      await expect
        .poll(
          async () =>
            (await stack.ctx.db.query('select 1 from outbox.mail where recipient = $1 and sent_at is not null', [to]))
              .rows.length,
          { timeout: 15_000 },
        )
        .toBe(1);
    } finally {
      await stack.destroy();
      await rm(dataDir, { recursive: true, force: true });
      await smtp.close();
    }
  });

  it('without [auth.email.smtp] puts the mail in the local mailbox at once', async () => {
    const stack = await startTestStack();
    try {
      const to = testEmail('local');
      await stack.ctx.mail.send({ to, subject: 'Hello', text: 'Hi.', html: '<p>Hi.</p>' });
      expect(stack.ctx.mailbox.list(to)).toMatchObject([{ subject: 'Hello', text: 'Hi.' }]);
    } finally {
      await stack.destroy();
    }
  });
});
