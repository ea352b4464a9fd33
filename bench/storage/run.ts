// Uploading a 2 MB screenshot to Storage (`npm start`'s server, PGlite, in its own process): how
// long a captain's upload to the evidence bucket takes, one at a time and eight at once, and the
// server's resident memory before, at its peak during the uploads, and after. See README.md.
//   npx tsx bench/storage/run.ts [--uploads 10] [--concurrent 8]
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD } from '../../server/config.ts';
import { startServerProcess } from '../../server/tests/server-process.ts';
import { insertTournament, registerTeamAs, tournamentFields } from '../../src/testing/fixtures.ts';

const { values: args } = parseArgs({
  options: { uploads: { type: 'string', default: '10' }, concurrent: { type: 'string', default: '8' } },
});
const UPLOADS = Number(args.uploads);
const CONCURRENT = Number(args.concurrent);
const SIZE = 2 * 1024 * 1024;

/** A PNG's signature and 2 MB after it: what Storage checks of an image is its first bytes. */
function screenshot(): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(SIZE);
  bytes.set(randomBytes(SIZE));
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return bytes;
}

function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
  return kb / 1024;
}

function client(url: string, key: string): SupabaseClient {
  return createClient(url, key, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
}

async function signedIn(url: string, key: string, email: string, password: string): Promise<SupabaseClient> {
  const c = client(url, key);
  const { error } = await c.auth.signInWithPassword({ email, password });
  if (error) throw new Error(`sign-in ${email}: ${error.message}`);
  return c;
}

/** A started 1v1 tournament of two players: the first one's client is a captain of its match. */
async function captainOfAMatch(url: string, anonKey: string): Promise<{ captain: SupabaseClient; matchId: string }> {
  const admin = await signedIn(url, anonKey, DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD);
  const t = await insertTournament(admin, tournamentFields('Bench Evidence', { slots: 2, type: '1v1' }));
  const captains: SupabaseClient[] = [];
  for (const who of ['one', 'two']) {
    const email = `bench-storage-${who}-${Date.now()}@example.com`;
    const c = client(url, anonKey);
    const { error } = await c.auth.signUp({
      email,
      password: 'bench-pass-1',
      options: { data: { username: `Bench ${who}` } },
    });
    if (error) throw new Error(`sign-up: ${error.message}`);
    await registerTeamAs(c, t);
    captains.push(c);
  }
  const { data: teams } = await admin.from('teams').select('id').eq('tournament_id', t.id).throwOnError();
  for (const team of teams ?? [])
    await admin.rpc('set_check_in', { p_team_id: team.id, p_checked_in: true }).throwOnError();
  await admin.rpc('start_tournament', { p_tournament_id: t.id, p_seeding: 'random' }).throwOnError();
  const { data: match } = await admin.from('matches').select('id').eq('tournament_id', t.id).single().throwOnError();
  return { captain: captains[0]!, matchId: match!.id as string };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const dataDir = await mkdtemp(join(tmpdir(), 'brawlcup-bench-storage-'));
const server = await startServerProcess({ DATA_DIR: dataDir });
try {
  const pid = server.child.pid!;
  const { captain, matchId } = await captainOfAMatch(server.url, server.anonKey);
  const bucket = captain.storage.from('evidence');
  const body = screenshot();
  let n = 0;
  const upload = async () => {
    const started = performance.now();
    const { error } = await bucket.upload(`${matchId}/shot-${n++}.png`, body, { contentType: 'image/png' });
    if (error) throw new Error(`upload: ${error.message}`);
    return performance.now() - started;
  };
  await upload(); // the first request loads what uploads use
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 50);
  const one: number[] = [];
  for (let i = 0; i < UPLOADS; i++) one.push(await upload());
  const startedTogether = performance.now();
  const together = await Promise.all(Array.from({ length: CONCURRENT }, upload));
  const wall = performance.now() - startedTogether;
  clearInterval(sampler);
  const after = rssMb(pid);

  const result = (name: string, value: number, unit: string) =>
    console.log(`RESULT ${JSON.stringify({ name: `storage.${name}`, value: Number(value.toFixed(1)), unit })}`);
  console.log(
    `${UPLOADS} uploads of 2 MB one at a time: median ${median(one).toFixed(1)} ms, slowest ${Math.max(...one).toFixed(1)} ms`,
  );
  console.log(
    `${CONCURRENT} at once: all done in ${wall.toFixed(1)} ms (median ${median(together).toFixed(1)} ms each)`,
  );
  console.log(
    `server RSS: ${before.toFixed(1)} MB before, ${peak.toFixed(1)} MB at the peak, ${after.toFixed(1)} MB after`,
  );
  result('upload_2mb_median', median(one), 'ms');
  result('upload_2mb_slowest', Math.max(...one), 'ms');
  result(`upload_2mb_x${CONCURRENT}_wall`, wall, 'ms');
  result('rss_before_uploads', before, 'MB');
  result('rss_peak_during_uploads', peak, 'MB');
  result('rss_peak_over_before', peak - before, 'MB');
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
