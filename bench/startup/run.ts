// Start-up time of the local stack on a fresh and on an existing data directory, and resident
// memory after start. Each start runs in its own process, as `npm start` would.
//   npx tsx bench/startup/run.ts [runs=3]
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const runs = Number(process.argv[2] ?? 3);
const child = join(import.meta.dirname, 'start-once.ts');

function startOnce(dataDir: string): Promise<{ ms: number; rssMb: number }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, ['--import', 'tsx', child, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    p.stdout.on('data', (d) => (out += d));
    p.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out.trim().split('\n').pop()!)) : reject(new Error(`exit ${code}: ${out}`)),
    );
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const fresh: { ms: number; rssMb: number }[] = [];
const existing: { ms: number; rssMb: number }[] = [];
for (let i = 0; i < runs; i++) {
  const dir = await mkdtemp(join(tmpdir(), 'brawlcup-bench-'));
  fresh.push(await startOnce(dir));
  existing.push(await startOnce(dir));
  await rm(dir, { recursive: true, force: true });
}
console.log(`local stack start-up on PGlite, median of ${runs} runs`);
console.log(`  fresh data directory:    ${median(fresh.map((r) => r.ms))} ms (migrations, seed, administrator)`);
console.log(`  existing data directory: ${median(existing.map((r) => r.ms))} ms`);
console.log(
  `  resident memory after start: ${median(existing.map((r) => r.rssMb))} MB (fresh: ${median(fresh.map((r) => r.rssMb))} MB)`,
);
for (const [name, value, unit] of [
  ['startup.fresh_ms', median(fresh.map((r) => r.ms)), 'ms'],
  ['startup.existing_ms', median(existing.map((r) => r.ms)), 'ms'],
  ['startup.rss_after_start', median(existing.map((r) => r.rssMb)), 'MB'],
] as const)
  console.log(`RESULT ${JSON.stringify({ name, value, unit })}`);
