// E-mail notifications end to end: the stack runs notify-dispatch in Deno as `npm start` does; a
// bracket's start queues the match call for each player's confirmed address, and the dispatcher mails
// it through the SMTP server of `[auth.email.smtp]` (a real one started here, STARTTLS, its own
// certificate authority) exactly as it would on hosted Supabase, or, with no SMTP, through the stack's
// mail sink into the local mailbox. The sink answers only to the service role and refuses bad mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from './helpers.ts';
import { createAdmin, createCheckedInTournament, createPlayers } from './notify-fixtures.ts';
import { smtpSettings, startSmtpServer, type TestSmtpServer } from './smtp-stand-in.ts';

const emailOf = (id: string) => `notify-${id}@example.com`;

async function until<T>(read: () => T | undefined | Promise<T | undefined>, what: string, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function startBracket(stack: TestStack, admin: Awaited<ReturnType<typeof createAdmin>>) {
  const players = await createPlayers(stack, 2, { confirmed: true });
  const tournamentId = await createCheckedInTournament(stack, players, { bestOf: 3 });
  const { error } = await admin.client.rpc('start_tournament', { p_tournament_id: tournamentId, p_seeding: 'manual' });
  expect(error).toBeNull();
  return { players, tournamentId };
}

describe('e-mail notifications without SMTP (the local mailbox)', () => {
  let stack: TestStack;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  beforeAll(async () => {
    stack = await startTestStack({ notify: { edgeFunctions: true, dispatchIntervalMs: 600_000 } });
    admin = await createAdmin(stack);
  });
  afterAll(async () => {
    await stack?.destroy();
  });

  it('mails each player their match call, with the link to the match and to their settings', async () => {
    const { players, tournamentId } = await startBracket(stack, admin);
    const mail = await until(
      () => stack.ctx.mailbox.list(emailOf(players[0]!.id)).find((m) => m.subject === 'Your match is ready: Final'),
      'the match call mail',
    );
    expect(mail.text).toContain(`Hi ${players[0]!.name},`);
    expect(mail.text).toContain(`vs ${players[1]!.name} · best of 3`);
    expect(mail.text).toMatch(
      new RegExp(`${stack.ctx.config.siteUrl}/tournaments/${tournamentId}\\?match=[0-9a-f-]{36}`),
    );
    expect(mail.text).toContain(`${stack.ctx.config.siteUrl}/notifications`);
    expect(mail.html).toContain('Open it on BrawlCup</a>');
    await until(
      () => stack.ctx.mailbox.list(emailOf(players[1]!.id)).find((m) => m.subject === 'Your match is ready: Final'),
      'the opponent’s mail',
    );
  });

  it('mails nothing of a kind the player turned off', async () => {
    const players = await createPlayers(stack, 2, { confirmed: true });
    const off = await players[0]!.client
      .from('notification_preferences')
      .upsert({ kind: 'match_ready', in_app: true, push: true, email: false }, { onConflict: 'user_id,kind' });
    expect(off.error).toBeNull();
    const prefs = await players[0]!.client.rpc('my_notification_preferences');
    expect(prefs.data?.find((p: { kind: string }) => p.kind === 'match_ready')).toMatchObject({ email: false });
    const tournamentId = await createCheckedInTournament(stack, players);
    expect(
      (await admin.client.rpc('start_tournament', { p_tournament_id: tournamentId, p_seeding: 'manual' })).error,
    ).toBeNull();
    await until(
      () => stack.ctx.mailbox.list(emailOf(players[1]!.id)).find((m) => m.subject === 'Your match is ready: Final'),
      'the other player’s mail',
    );
    const { rows } = await stack.ctx.db.query<{ n: number }>(
      `select count(*)::int as n from public.outbox where channel = 'email' and user_id = $1 and payload ->> 'kind' = 'match_ready'`,
      [players[0]!.id],
    );
    expect(rows[0]!.n).toBe(0);
    expect(stack.ctx.mailbox.list(emailOf(players[0]!.id)).some((m) => m.subject.startsWith('Your match'))).toBe(false);
  });

  it('takes mail at the sink from the service role only, and refuses bad mail with a message', async () => {
    const sink = `${stack.url}/mail/api/send`;
    const post = (key: string, body: string) =>
      fetch(sink, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body,
      });
    const good = JSON.stringify({ to: 'sink@example.com', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' });
    const anon = await post(stack.ctx.keys.anonKey, good);
    expect(anon.status).toBe(403);
    expect(await anon.json()).toEqual({ error: 'forbidden', message: 'Only the service role may send mail.' });
    const service = stack.ctx.keys.serviceRoleKey;
    expect((await post(service, '{nope')).status).toBe(400);
    const badAddress = await post(service, JSON.stringify({ to: 'a@b.c, d@e.f', subject: 'x', text: '', html: '' }));
    expect(await badAddress.json()).toEqual({ error: 'bad_mail', message: '"to" is one e-mail address.' });
    expect(
      (await post(service, JSON.stringify({ to: 'a@b.c', subject: 'x'.repeat(301), text: '', html: '' }))).status,
    ).toBe(400);
    expect((await post(service, 'x'.repeat(300_000))).status).toBe(413);
    expect(stack.ctx.mailbox.list('sink@example.com')).toHaveLength(0);
    expect((await post(service, good)).status).toBe(202);
    expect(stack.ctx.mailbox.list('sink@example.com')).toHaveLength(1);
  });
});

describe('e-mail notifications through [auth.email.smtp], on Postgres', () => {
  let smtp: TestSmtpServer;
  let stack: TestStack;
  let admin: Awaited<ReturnType<typeof createAdmin>>;
  beforeAll(async () => {
    smtp = await startSmtpServer({ starttls: true });
    stack = await startTestStack({
      postgres: true,
      smtp: await smtpSettings(smtp.port),
      mail: { retryBaseMs: 50, pollMs: 100 },
      notify: { edgeFunctions: true, dispatchIntervalMs: 600_000 },
    });
    admin = await createAdmin(stack);
  });
  afterAll(async () => {
    await stack?.destroy();
    await smtp?.close();
  });

  it('sends the match call from the Edge Function over STARTTLS, as the configured sender and user', async () => {
    const { players } = await startBracket(stack, admin);
    const to = emailOf(players[0]!.id);
    const mail = await until(
      () => smtp.received.find((m) => m.to === to && m.subject === 'Your match is ready: Final'),
      'the match call over SMTP',
    );
    expect(mail).toMatchObject({ from: '"BrawlCup" <no-reply@brawlcup.test>', secure: true, user: 'brawlcup' });
    expect(mail.text).toContain(`vs ${players[1]!.name} · best of 3`);
    await until(async () => {
      const r = await stack.ctx.db.query<{ sent: boolean }>(
        `select sent_at is not null as sent from public.outbox where channel = 'email' and user_id = $1 and payload ->> 'kind' = 'match_ready'`,
        [players[0]!.id],
      );
      return r.rows[0]?.sent ? true : undefined;
    }, 'the row marked sent');
    expect(stack.ctx.mailbox.list(to)).toHaveLength(0);
  });
});
