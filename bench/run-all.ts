// `npm run bench`: runs every benchmark folder's command in turn, collects the figures they print
// (`RESULT {"name", "value", "unit", "target"?}` lines) and writes bench/RESULTS.md: one table with
// the date, the commit, the machine, and per figure its value, its target (issue 15's, where it
// names one), whether it is met, and the command that printed it.
//   npx tsx bench/run-all.ts [--only a,b] [--skip a,b] [--out bench/RESULTS.md] [--note "..."]
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dirname, '..');
const BENCH = join(ROOT, 'bench');

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    skip: { type: 'string' },
    out: { type: 'string', default: join(BENCH, 'RESULTS.md') },
    note: { type: 'string' },
    'timeout-minutes': { type: 'string', default: '20' },
  },
});
const only = args.only?.split(',');
const skipped = new Set(args.skip?.split(',') ?? []);
const TIMEOUT_MS = Number(args['timeout-minutes']) * 60_000;

/** What each folder runs (default: its run.ts without arguments), in this order (the build first). */
const COMMANDS: Record<string, string[][]> = {
  bundle: [['bench/bundle/run.ts']],
  'rest-overhead': [['bench/rest-overhead/run.ts'], ['bench/rest-overhead/run.ts', '--postgres']],
  transfer: [['bench/transfer/run.ts', '/']],
};
/** Folders this runner leaves out, and why. */
const NOT_RUN: Record<string, string> = {
  security: 'several scripts about limits and abuse (see its README), no figure with a target; run by hand',
  rest: 'per-shape Data API figures; the tournament list is measured by rest-overhead',
  parity: 'counts pgTAP tests passing on a hosted-shaped cluster: a correctness check, not a performance figure',
  'postgrest-js':
    "runs upstream's postgrest-js suite from a supabase-js clone given by path: a correctness check, not a performance figure",
};

interface Result {
  name: string;
  value: number | string;
  unit?: string;
  target?: string;
}

/** Issue 15's targets, for figures whose bench prints none. */
const TARGETS: [RegExp, string][] = [
  [/^memory\.idle_.*rss$/, '< 300'],
  [/^rest-overhead\..*\.ratio$/, '<= 1.5'],
];

/** Whether value meets target: "<= 1.5", "< 300", ">= 500", "100" (at least), or a word (equal). */
function met(value: number | string, target: string | undefined): string {
  if (!target) return '';
  const m = /^\s*(<=|<|>=|>|=)?\s*(-?[\d.]+)\s*$/.exec(target);
  if (!m) return String(value) === target.trim() ? 'met' : 'NOT met';
  const [t, v] = [Number(m[2]), Number(value)];
  if (Number.isNaN(v)) return 'NOT met';
  const ok = { '<=': v <= t, '<': v < t, '>=': v >= t, '>': v > t, '=': v === t }[m[1] ?? '>=']!;
  return ok ? 'met' : 'NOT met';
}

/** Runs one command with tsx, echoing its output; resolves with the output and exit code. */
function run(argv: string[]): Promise<{ out: string; code: number | null }> {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...argv], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let out = '';
    const take = (stream: NodeJS.WriteStream) => (d: Buffer) => {
      out += d;
      stream.write(d);
    };
    child.stdout.on('data', take(process.stdout));
    child.stderr.on('data', take(process.stderr));
    const timer = setTimeout(() => {
      out += `\n(stopped after ${TIMEOUT_MS / 60_000} minutes)\n`;
      // The bench's own children (servers, autocannon) go with it: it leads its process group.
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, TIMEOUT_MS);
    // Ctrl-C stops the bench that runs (and its servers) too: it is in its own process group.
    const interrupt = () => {
      try {
        process.kill(-child.pid!, 'SIGTERM');
      } catch {
        // already gone
      }
      process.exit(130);
    };
    process.once('SIGINT', interrupt);
    child.on('exit', (code) => {
      process.off('SIGINT', interrupt);
      clearTimeout(timer);
      resolveRun({ out, code });
    });
  });
}

const folders = readdirSync(BENCH, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort((a, b) => (a === 'bundle' ? -1 : b === 'bundle' ? 1 : a.localeCompare(b)));

const rows: { result: Result; target?: string; met: string; command: string }[] = [];
const notes: string[] = [];
const startLoad = loadavg()[0]!;
for (const folder of folders) {
  if ((only && !only.includes(folder)) || skipped.has(folder)) continue;
  if (NOT_RUN[folder]) {
    notes.push(`- \`bench/${folder}\` not run: ${NOT_RUN[folder]}.`);
    continue;
  }
  const commands = COMMANDS[folder] ?? (existsSync(join(BENCH, folder, 'run.ts')) ? [[`bench/${folder}/run.ts`]] : []);
  if (commands.length === 0) {
    notes.push(`- \`bench/${folder}\` not run: no run.ts.`);
    continue;
  }
  for (const argv of commands) {
    const command = `npx tsx ${argv.join(' ')}`;
    console.log(`\n=== ${command}`);
    const started = Date.now();
    const { out, code } = await run(argv);
    const seconds = Math.round((Date.now() - started) / 1000);
    const results: Result[] = [];
    for (const m of out.matchAll(/^RESULT (\{.*\})\s*$/gm)) {
      try {
        results.push(JSON.parse(m[1]!) as Result);
      } catch {
        notes.push(`- \`${command}\`: a RESULT line that is not JSON: \`${m[1]}\`.`);
      }
    }
    if (code !== 0) notes.push(`- \`${command}\` exited with code ${code} after ${seconds} s.`);
    if (results.length === 0) notes.push(`- \`${command}\` printed no figure this runner could read.`);
    for (const result of results) {
      const target = result.target ?? TARGETS.find(([re]) => re.test(result.name))?.[1];
      rows.push({ result, target, met: met(result.value, target), command });
    }
  }
}

const git = (...a: string[]) => {
  try {
    return execFileSync('git', a, { cwd: ROOT, encoding: 'utf8' }).trim();
  } catch {
    return '?';
  }
};
const dirty = git('status', '--porcelain', '--untracked-files=no') ? ' (with uncommitted changes)' : '';
const cores = cpus();
const busy = startLoad > cores.length / 2;
const cell = (s: string) => s.replace(/\|/g, '\\|');
const lines = [
  '# Benchmark results',
  '',
  `Written by \`npm run bench\` (bench/run-all.ts). Each figure is one run; see each folder's README.`,
  '',
  `- Date: ${new Date().toISOString()}`,
  `- Commit: ${git('rev-parse', '--short', 'HEAD')}${dirty}`,
  `- Machine: ${cores.length} cores (${cores[0]?.model.trim() ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(1)} GB memory, Node ${process.version}, ${process.platform}`,
  `- Load average when the run began: ${startLoad.toFixed(2)}${busy ? ` — **a busy machine: these figures are noisy, not a measurement to compare against targets**` : ''}`,
  ...(args.note ? [`- Note: ${args.note}`] : []),
  '',
  '| figure | value | target | met | command |',
  '|---|---|---|---|---|',
  ...rows.map(
    ({ result, target, met: ok, command }) =>
      `| ${cell(result.name)} | ${cell(`${result.value}${result.unit ? ` ${result.unit}` : ''}`)} | ${cell(target ?? '')} | ${ok} | \`${cell(command)}\` |`,
  ),
  '',
  ...(notes.length ? ['## Not run, failed or unread', '', ...notes, ''] : []),
];
writeFileSync(args.out!, lines.join('\n'));
const missed = rows.filter((r) => r.met === 'NOT met').length;
console.log(
  `\n${relative(ROOT, args.out!)}: ${rows.length} figures, ${rows.filter((r) => r.met === 'met').length} targets met, ${missed} missed; ${notes.length} notes.`,
);
