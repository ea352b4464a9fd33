// Match-room benchmark: from a captain's draft action (the rpc call, commit included) to the frame
// that shows it at both captains and 100 spectators, over a whole full draft of a best-of-3 3v3 (two
// blind global bans each, one ban per game each, snake picks, three games). The server runs in a
// child process (server.ts); loopback only.
// Usage: npx tsx bench/match-room/run.ts [--db pglite|postgres|both] [--spectators N]   (default pglite, 100)
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { request } from '../child.ts';

type Ready = { op: 'ready'; url: string; anonKey: string; tokens: string[]; matchId: string; database: string };
type Draft = { step: number | null; side: number | null; action: string | null; game: number; status: string };

const TARGET_P99_MS = 300;
const { values: args } = parseArgs({
  options: { db: { type: 'string', default: 'pglite' }, spectators: { type: 'string', default: '100' } },
});
if (!['pglite', 'postgres', 'both'].includes(args.db!)) throw new Error('--db is pglite, postgres or both');
const SPECTATORS = Number(args.spectators);
const now = () => performance.timeOrigin + performance.now();

/** A socket on the match's draft_actions: every (step, side) it is shown, with the time it arrived. */
function watcher(ready: Ready, token: string, i: number): Promise<Map<string, number>> {
  const url = `${ready.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${ready.anonKey}&vsn=2.0.0`;
  const seen = new Map<string, number>();
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.on('error', reject);
    ws.on('message', (data) => {
      const t = now();
      const [, ref, , event, payload] = JSON.parse(data.toString()) as [
        string,
        string,
        string,
        string,
        { status?: string; data?: { record?: { step?: number; side?: number; revealed?: boolean } } },
      ];
      const r = payload.data?.record;
      if (event === 'postgres_changes' && r?.revealed) {
        const key = `${r.step}:${r.side}`;
        if (!seen.has(key)) seen.set(key, t);
      } else if (event === 'phx_reply' && ref === 'join') {
        if (payload.status === 'ok') resolve(seen);
        else reject(new Error(JSON.stringify(payload)));
      }
    });
    ws.on('open', () =>
      ws.send(
        JSON.stringify([
          'join',
          'join',
          `realtime:room-${i}`,
          'phx_join',
          {
            config: {
              postgres_changes: [
                { event: '*', schema: 'public', table: 'draft_actions', filter: `match_id=eq.${ready.matchId}` },
              ],
            },
            access_token: token,
          },
        ]),
      ),
    );
  });
}

async function rpc<T>(ready: Ready, token: string, fn: string, body: unknown): Promise<T> {
  const res = await fetch(`${ready.url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: { apikey: ready.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${fn}: ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

async function run(kind: 'pglite' | 'postgres') {
  const child = fork(join(import.meta.dirname, 'server.ts'), [kind], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  const ready = await request<Ready>(child, null, 'ready');
  try {
    await draftWhole(ready, kind);
  } finally {
    child.send({ op: 'stop' });
  }
}

async function draftWhole(ready: Ready, kind: 'pglite' | 'postgres') {
  const tokens = [...ready.tokens, ...Array.from({ length: SPECTATORS }, () => ready.anonKey)];
  const watchers = await Promise.all(tokens.map((token, i) => watcher(ready, token, i)));
  const brawlers = (await rpc<{ id: string }[]>(ready, ready.anonKey, 'brawlers', {})).map((b) => b.id);
  const used = new Map<number, Set<string>>([[0, new Set()]]);
  let draft = await rpc<Draft>(ready, ready.tokens[0]!, 'mark_ready', { p_match_id: ready.matchId }).then(() =>
    rpc<Draft>(ready, ready.tokens[1]!, 'mark_ready', { p_match_id: ready.matchId }),
  );
  draft = (await (
    await fetch(`${ready.url}/rest/v1/match_drafts?match_id=eq.${ready.matchId}`, {
      headers: { apikey: ready.anonKey, accept: 'application/vnd.pgrst.object+json' },
    })
  ).json()) as Draft;
  const latencies: number[] = [];
  const winners = [1, 2, 1];
  while (draft.status !== 'done') {
    if (draft.status === 'playing') {
      const game = draft.game;
      draft = await rpc<Draft>(ready, ready.tokens[0]!, 'record_game', {
        p_match_id: ready.matchId,
        p_game: game,
        p_winner: winners[game - 1],
      });
      continue;
    }
    const sides = draft.side === 0 ? [1, 2] : [draft.side!];
    for (const side of sides) {
      const game = draft.game;
      if (!used.has(game)) used.set(game, new Set(used.get(0)));
      // Blind bans: each side its own brawlers; later, none of the set's nor of this game's.
      const choice = brawlers.find((b) => !used.get(game)!.has(b) && !used.get(0)!.has(`${side}:${b}`))!;
      if (draft.action === 'global_ban') used.get(0)!.add(`${side}:${choice}`).add(choice);
      else used.get(game)!.add(choice);
      const step = draft.step!;
      const started = now();
      draft = await rpc<Draft>(ready, ready.tokens[side - 1]!, 'draft_act', {
        p_match_id: ready.matchId,
        p_step: step,
        p_choice: choice,
      });
      // Blind bans are shown to everyone together once the last of them is in: measured from that one.
      if (draft.step === step || draft.action === 'global_ban') continue;
      const key = `${step}:${side}`;
      const deadline = now() + 10_000;
      while (watchers.some((w) => !w.has(key)) && now() < deadline) await new Promise((r) => setTimeout(r, 5));
      for (const w of watchers) if (w.has(key)) latencies.push(w.get(key)! - started);
      const missing = watchers.filter((w) => !w.has(key)).length;
      if (missing) console.warn(`step ${step}: ${missing} sockets never saw it`);
    }
  }
  const p50 = pct(latencies, 50);
  const p99 = pct(latencies, 99);
  console.log(
    `${ready.database}: ${latencies.length} deliveries (${tokens.length} sockets), step to screen p50 ${p50.toFixed(1)} ms, ` +
      `p99 ${p99.toFixed(1)} ms (target p99 < ${TARGET_P99_MS} ms: ${p99 < TARGET_P99_MS ? 'met' : 'not met'})`,
  );
  console.log(
    `RESULT ${JSON.stringify({ name: `match room step p50 (${kind})`, value: +p50.toFixed(1), unit: 'ms' })}`,
  );
  console.log(
    `RESULT ${JSON.stringify({ name: `match room step p99 (${kind})`, value: +p99.toFixed(1), unit: 'ms', target: `< ${TARGET_P99_MS}` })}`,
  );
}

for (const kind of args.db === 'both' ? (['pglite', 'postgres'] as const) : [args.db as 'pglite' | 'postgres'])
  await run(kind);
process.exit(0);
