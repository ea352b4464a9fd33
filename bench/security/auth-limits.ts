// How much can one attacker do from one IP address? Starts a local stack on loopback (PGlite) with
// supabase/config.toml's settings and prints, for a fixed window each: wrong passwords accepted on one
// account, recovery mails actually sent to one address, sign-ups accepted, contact rows written
// (array bodies and single messages), and what a rotated refresh token does when replayed past the reuse interval.
// Usage: npx tsx bench/security/auth-limits.ts [--seconds 60] [--concurrency 4]
import { parseArgs } from 'node:util';
import { ROOT, startTestStack, testEmail, type TestStack } from '../../server/tests/helpers.ts';
import { readOptions } from '../../server/config.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    concurrency: { type: 'string', default: '4' },
  },
});
const WINDOW_MS = Math.min(Number(args.seconds), 120) * 1000;
const CONCURRENCY = Math.min(Number(args.concurrency), 16);
const CONTACT_ROWS_PER_REQUEST = 1000;

// Bounded: whatever happens, the bench ends.
const deadline = setTimeout(() => {
  console.error('bench/security: gave up after 10 minutes');
  process.exit(2);
}, 600_000);
deadline.unref();

interface Outcome {
  accepted: number;
  refused: number;
  statuses: Map<number, number>;
}

/** Fires `attempt` from CONCURRENCY loops for the window; an attempt says whether it was accepted. */
async function hammer(attempt: (i: number) => Promise<{ accepted: boolean; status: number }>): Promise<Outcome> {
  const outcome: Outcome = { accepted: 0, refused: 0, statuses: new Map() };
  const end = Date.now() + WINDOW_MS;
  let n = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (Date.now() < end) {
        const { accepted, status } = await attempt(n++);
        if (accepted) outcome.accepted++;
        else outcome.refused++;
        outcome.statuses.set(status, (outcome.statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  return outcome;
}

const perMinute = (count: number) => Math.round((count * 60_000) / WINDOW_MS);
const statuses = (o: Outcome) => [...o.statuses].map(([s, c]) => `${s}x${c}`).join(' ');

function report(label: string, o: Outcome, unit = 'accepted') {
  console.log(
    `${label.padEnd(44)} ${String(o.accepted).padStart(7)} ${unit} in ${WINDOW_MS / 1000} s (${perMinute(o.accepted)}/min)  statuses: ${statuses(o)}`,
  );
}

async function main() {
  // The limits `npm start` applies (supabase/config.toml), not the test stacks' "off".
  const stack: TestStack = await startTestStack({ rateLimits: readOptions({}, ROOT).rateLimits });
  const anon = stack.ctx.keys.anonKey;
  const auth = (path: string, body: unknown) =>
    fetch(`${stack.url}/auth/v1${path}`, {
      method: 'POST',
      headers: { apikey: anon, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  try {
    console.log(
      `bench/security on ${stack.ctx.db.kind}, ${CONCURRENCY} concurrent requests, ${WINDOW_MS / 1000} s per measure, one client IP (127.0.0.1)\n`,
    );

    const victim = testEmail('victim');
    await auth('/signup', { email: victim, password: 'correct-horse' });

    report(
      'wrong passwords on one account',
      await hammer(async () => {
        const r = await auth('/token?grant_type=password', { email: victim, password: 'wrong-guess' });
        await r.arrayBuffer();
        return { accepted: r.status !== 429, status: r.status };
      }),
      'guesses checked',
    );
    await new Promise((r) => setTimeout(r, 0));

    let mailed = 0;
    const send = stack.ctx.mailbox.send.bind(stack.ctx.mailbox);
    stack.ctx.mailbox.send = (message) => {
      if (message.to === victim) mailed++;
      return send(message);
    };
    const recover = await hammer(async () => {
      const r = await auth('/recover', { email: victim });
      await r.arrayBuffer();
      return { accepted: r.status === 200, status: r.status };
    });
    report('recovery requests to one address', recover);
    console.log(
      `${'  recovery mails actually sent'.padEnd(44)} ${String(mailed).padStart(7)} mails    in ${WINDOW_MS / 1000} s (${perMinute(mailed)}/min)`,
    );

    report(
      'sign-ups from one IP',
      await hammer(async () => {
        const r = await auth('/signup', { email: testEmail('flood'), password: 'secret123' });
        await r.arrayBuffer();
        return { accepted: r.status === 200, status: r.status };
      }),
    );

    const rows = Array.from({ length: CONTACT_ROWS_PER_REQUEST }, (_, i) => ({
      email: 'spam@example.com',
      subject: `Spam ${i}`,
      message: 'Buy now',
    }));
    const { rows: before } = await stack.ctx.db.query<{ n: string }>(
      'select count(*) as n from public.contact_messages',
    );
    const contact = await hammer(async () => {
      const r = await fetch(`${stack.url}/rest/v1/contact_messages`, {
        method: 'POST',
        headers: { apikey: anon, 'content-type': 'application/json', prefer: 'return=minimal' },
        body: JSON.stringify(rows),
      });
      await r.arrayBuffer();
      return { accepted: r.status < 300, status: r.status };
    });
    const { rows: after } = await stack.ctx.db.query<{ n: string }>(
      'select count(*) as n from public.contact_messages',
    );
    const written = Number(after[0]!.n) - Number(before[0]!.n);
    report(`contact requests (${CONTACT_ROWS_PER_REQUEST}-row array bodies)`, contact);
    console.log(
      `${'  contact rows written'.padEnd(44)} ${String(written).padStart(7)} rows     in ${WINDOW_MS / 1000} s (${perMinute(written)}/min)`,
    );

    const single = await hammer(async (i) => {
      const r = await fetch(`${stack.url}/rest/v1/contact_messages`, {
        method: 'POST',
        headers: { apikey: anon, 'content-type': 'application/json', prefer: 'return=minimal' },
        body: JSON.stringify({ email: 'spam@example.com', subject: `One ${i}`, message: 'Buy now' }),
      });
      await r.arrayBuffer();
      return { accepted: r.status < 300, status: r.status };
    });
    report('contact requests (one message each)', single);

    // Refresh-token reuse: rotate once, wait past the reuse interval, replay the old token.
    const session = (await (
      await auth('/token?grant_type=password', { email: victim, password: 'correct-horse' })
    ).json()) as {
      access_token?: string;
      refresh_token?: string;
      error_code?: string;
    };
    if (!session.refresh_token) {
      console.log(`\nrefresh reuse: could not sign in (${session.error_code}); the sign-in limit is still closed`);
    } else {
      const rotated = (await (
        await auth('/token?grant_type=refresh_token', { refresh_token: session.refresh_token })
      ).json()) as {
        refresh_token?: string;
        access_token?: string;
      };
      const interval = stack.ctx.config.refreshTokenReuseInterval ?? 10;
      await new Promise((r) => setTimeout(r, (interval + 1) * 1000));
      const replay = await auth('/token?grant_type=refresh_token', { refresh_token: session.refresh_token });
      const replayBody = (await replay.json()) as { error_code?: string };
      const next = await auth('/token?grant_type=refresh_token', { refresh_token: rotated.refresh_token });
      const nextBody = (await next.json()) as { error_code?: string };
      const data = await fetch(`${stack.url}/rest/v1/profiles?select=id&limit=1`, {
        headers: { apikey: anon, authorization: `Bearer ${rotated.access_token}` },
      });
      await data.arrayBuffer();
      console.log(
        `\nrefresh reuse after ${interval + 1} s: replayed old token -> ${replay.status} ${replayBody.error_code ?? 'new session tokens issued'}`,
      );
      console.log(
        `  the legitimate newer refresh token         -> ${next.status} ${nextBody.error_code ?? 'still works'}`,
      );
      console.log(`  the session's access token on the Data API -> ${data.status}`);
    }
  } finally {
    await stack.destroy();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
