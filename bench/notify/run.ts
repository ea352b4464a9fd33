// From the confirm that decides a match to the next match's players hearing of it: 64 matches become
// ready at once (a 256-team bracket whose 64 second-round matches each wait for one result; the 64
// deciding confirmations are sent together), and for each match the time from its confirm to
//   - in-app: its player's supabase-js client receiving the match_ready row over Realtime,
//   - push: the encrypted push arriving at a local push service (it has left the server),
//   - Discord: the match call arriving at a local Discord webhook receiver.
// The stack runs the dispatcher as `npm start` does (supabase/functions in Deno, woken by NOTIFY).
// Loopback only, bounded (5 minutes). Usage: npx tsx bench/notify/run.ts [--db pglite|postgres|both]
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { startTestStack, type TestStack } from '../../server/tests/helpers.ts';
import { startDiscordReceiver, startPushReceiver } from '../../server/tests/notify-receivers.ts';
import {
  createAdmin,
  createCheckedInTournament,
  createPlayers,
  type Player,
} from '../../server/tests/notify-fixtures.ts';

const { values: args } = parseArgs({ options: { db: { type: 'string', default: 'both' } } });
const TEAMS = 256;
const READY = 64;
const DEADLINE_MS = 300_000;
const TARGET_P99_MS = 5000;

const deadline = setTimeout(() => {
  console.error(`bench/notify: gave up after ${DEADLINE_MS / 1000} s`);
  process.exit(2);
}, DEADLINE_MS);
deadline.unref();

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

interface Match {
  id: string;
  position: number;
  team1_id: string | null;
  team2_id: string | null;
  next_match_id: string | null;
}

async function run(name: string, postgres: boolean) {
  const push = await startPushReceiver();
  const discord = await startDiscordReceiver();
  const stack: TestStack = await startTestStack({
    postgres,
    realtime: { maxSocketsPerIp: 1000 },
    notify: {
      edgeFunctions: true,
      discordApiUrl: discord.apiUrl,
      pushServiceOrigins: push.origin,
      dispatchIntervalMs: 600_000,
    },
  });
  try {
    const admin = await createAdmin(stack);
    const players = await createPlayers(stack, TEAMS, { discord: (i) => String(400000000000000000n + BigInt(i)) });
    const tournamentId = await createCheckedInTournament(stack, players);
    await stack.ctx.db.query('insert into public.tournament_webhooks (tournament_id, url) values ($1, $2)', [
      tournamentId,
      discord.webhookUrl(),
    ]);
    const start = await admin.client.rpc('start_tournament', { p_tournament_id: tournamentId, p_seeding: 'manual' });
    if (start.error) throw new Error(start.error.message);

    const { rows: matches } = await stack.ctx.db.query<Match>(
      `select id, position, team1_id, team2_id, next_match_id from public.matches
       where tournament_id = $1 and bracket = 'winners' and round = 1 order by position`,
      [tournamentId],
    );
    const { rows: teams } = await stack.ctx.db.query<{ id: string; registered_by: string }>(
      'select id, registered_by from public.teams where tournament_id = $1',
      [tournamentId],
    );
    const captainOf = new Map(teams.map((t) => [t.id, players.find((p) => p.id === t.registered_by)!]));
    // Odd positions are settled now (one finalist of each second-round match known); each even one is
    // reported by its first team, and its confirmation by the second decides the next match.
    for (const m of matches.filter((m) => m.position % 2 === 1)) {
      const r = await admin.client.rpc('set_match_result', { p_match_id: m.id, p_games: [{ winner: 1 }] });
      if (r.error) throw new Error(r.error.message);
    }
    const deciding = matches.filter((m) => m.position % 2 === 0).slice(0, READY);
    for (const m of deciding) {
      const r = await captainOf
        .get(m.team1_id!)!
        .client.rpc('report_match', { p_match_id: m.id, p_games: [{ winner: 1 }] });
      if (r.error) throw new Error(r.error.message);
    }
    // Let the queue of the start and the settled results drain before measuring.
    await stack.notifications.dispatch();
    await new Promise((r) => setTimeout(r, 2000));

    // Each second-round match is heard of by the reporting winner (already through: team 1 of it).
    const listeners: { player: Player; next: string }[] = deciding.map((m) => ({
      player: captainOf.get(m.team1_id!)!,
      next: m.next_match_id!,
    }));
    const inApp = new Map<string, number>();
    await Promise.all(
      listeners.map(
        ({ player, next }) =>
          new Promise<void>((resolve, reject) => {
            player.client
              .channel(`bench-${player.id}`)
              .on(
                'postgres_changes',
                { event: 'INSERT', schema: 'public', table: 'notifications', filter: `user_id=eq.${player.id}` },
                (change) => {
                  const row = change.new as { kind: string; match_id: string };
                  if (row.kind === 'match_ready' && row.match_id === next && !inApp.has(next))
                    inApp.set(next, performance.now());
                },
              )
              .subscribe((state) =>
                state === 'SUBSCRIBED' ? resolve() : state === 'CHANNEL_ERROR' ? reject(new Error(state)) : undefined,
              );
          }),
      ),
    );
    // Each listener's browser, at the local push service.
    const endpointOf = new Map<string, string>();
    for (const { player, next } of listeners) {
      const sub = push.subscribe();
      const r = await player.client.rpc('save_push_subscription', {
        p_endpoint: sub.endpoint,
        p_p256dh: sub.p256dh,
        p_auth: sub.auth,
      });
      if (r.error) throw new Error(r.error.message);
      endpointOf.set(new URL(sub.endpoint).pathname, next);
    }
    const pushesBefore = push.pushes.length;
    const messagesBefore = discord.messages.length;

    const sent = new Map<string, number>();
    // When each confirm was answered: committed, after waiting its turn for the tournament's lock.
    const answered = new Map<string, number>();
    const wallStart = Date.now();
    const perfStart = performance.now();
    await Promise.all(
      deciding.map(async (m) => {
        sent.set(m.next_match_id!, performance.now());
        const r = await captainOf
          .get(m.team2_id!)!
          .client.rpc('confirm_match', { p_match_id: m.id, p_report_version: 1 });
        if (r.error) throw new Error(r.error.message);
        answered.set(m.next_match_id!, performance.now());
      }),
    );
    const confirmsMs = performance.now() - perfStart;
    const toPerf = (wall: number) => perfStart + (wall - wallStart);

    const until = Date.now() + 60_000;
    const pushAt = new Map<string, number>();
    const discordAt = new Map<string, number>();
    while (Date.now() < until) {
      for (const p of push.pushes.slice(pushesBefore)) {
        const next = endpointOf.get(p.path);
        if (next && !pushAt.has(next)) pushAt.set(next, toPerf(p.at));
      }
      for (const msg of discord.messages.slice(messagesBefore)) {
        for (const [next] of sent) {
          if (!discordAt.has(next) && msg.body.content.includes(`match=${next}`)) discordAt.set(next, toPerf(msg.at));
        }
      }
      if (inApp.size >= READY && pushAt.size >= READY && discordAt.size >= READY) break;
      await new Promise((r) => setTimeout(r, 20));
    }

    const at: Record<string, Map<string, number>> = { 'in-app': inApp, push: pushAt, discord: discordAt };
    const report = (from: Map<string, number>, label: string, key: string) => {
      console.log(`  from ${label}:`);
      for (const [channel, arrivals] of Object.entries(at)) {
        const values = [...from].filter(([next]) => arrivals.has(next)).map(([next, t0]) => arrivals.get(next)! - t0);
        const line = values.length
          ? `p50 ${pct(values, 50).toFixed(0)} ms, p99 ${pct(values, 99).toFixed(0)} ms`
          : 'none arrived';
        console.log(`    ${channel.padEnd(7)} ${String(values.length).padStart(2)}/${READY}  ${line}`);
        console.log(
          `RESULT ${JSON.stringify({
            name: `notify.${name.toLowerCase()}.${key}.${channel}.p99`,
            value: values.length === READY ? Math.round(pct(values, 99)) : null,
            unit: 'ms',
            target: `< ${TARGET_P99_MS}`,
          })}`,
        );
      }
    };
    console.log(`\n${name}: ${READY} matches ready at once (${TEAMS}-team bracket), confirm -> delivered`);
    report(answered, 'the confirm answered (committed)', 'committed');
    report(sent, 'the confirm sent (its wait for the tournament lock included)', 'sent');
    console.log(
      `  the ${READY} confirmations took ${confirmsMs.toFixed(0)} ms in all (one at a time: the tournament's row lock)`,
    );
    console.log(
      `  Discord messages for the round: ${discord.messages.length - messagesBefore}, refused by the rate limit: ${discord.refused}`,
    );
    for (const { player } of listeners) await player.client.removeAllChannels();
  } finally {
    await stack.destroy();
    await push.close();
    await discord.close();
  }
}

if (args.db === 'pglite' || args.db === 'both') await run('PGlite', false);
if (args.db === 'postgres' || args.db === 'both') await run('Postgres', true);
clearTimeout(deadline);
process.exit(0);
