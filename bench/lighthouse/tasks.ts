// What Lighthouse counts as Total Blocking Time, from the trace of one of its own runs: each task of the
// page's main thread after the first paint that runs over 12.5 ms here (Lighthouse's simulation runs
// the trace's tasks 4x slower, and a task over 50 ms blocks), with what it did (the browser's own
// steps, and the functions and source modules that took its time, from the trace's CPU profile).
//   npx tsx bench/lighthouse/run.ts --no-build --trace   (writes <page>.trace.json beside each report)
//   npx tsx bench/lighthouse/tasks.ts $TMPDIR/brawlcup-lighthouse-reports/home-signed-in.trace.json
// Source modules are named when the build is not minified (`npx vite build --minify false`, then
// run.ts with --no-build; rebuild before measuring anything else).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

type TraceEvent = {
  name: string;
  ts: number;
  dur?: number;
  ph: string;
  pid: number;
  tid: number;
  args?: { data?: Record<string, unknown> & { cpuProfile?: CpuChunk; timeDeltas?: number[]; lines?: number[] } };
};
type CpuNode = { id: number; parent?: number; callFrame: { functionName: string; url: string } };
type CpuChunk = { nodes?: CpuNode[]; samples?: number[] };

const file = process.argv[2];
if (!file) throw new Error('usage: npx tsx bench/lighthouse/tasks.ts <page>.trace.json');
const DIST = resolve(import.meta.dirname, '../../dist/assets');
/** A task this long here runs over 50 ms in Lighthouse's simulated phone (4x slower). */
const LONG_MS = 12.5;
const top = Number(process.argv.find((a) => a.startsWith('--top='))?.slice(6) ?? 6);

const parsed = JSON.parse(readFileSync(file, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
const fcp = events.find((e) => e.name === 'firstContentfulPaint');
if (!fcp) throw new Error(`${file}: no first contentful paint in the trace`);
const { pid, tid } = fcp;
const start = events
  .filter((e) => e.name === 'navigationStart' && e.ts <= fcp.ts)
  .sort((a, b) => a.ts - b.ts)
  .pop();
const at = (ts: number) => Math.round((ts - (start?.ts ?? fcp.ts)) / 1000);

// The source module of a line of a built file: Rolldown marks each module with a `// path` comment
// when it does not minify.
const sources = new Map<string, string[]>();
function moduleOf(url: string, line: number): string {
  const name = url.split('/').pop() ?? url;
  if (!url.includes('/assets/')) return name || '(browser)';
  if (!sources.has(name)) {
    try {
      sources.set(name, readFileSync(join(DIST, name), 'utf8').split('\n'));
    } catch {
      sources.set(name, []);
    }
  }
  const lines = sources.get(name)!;
  for (let i = Math.min(line, lines.length - 1); i >= 0 && lines.length > 50; i--)
    if (/^\/\/ (node_modules|src)\//.test(lines[i]!)) return lines[i]!.slice(3).replace(/^node_modules\//, '');
  return name;
}

// The trace's CPU profile: its nodes, and each sample's time and line.
const nodes = new Map<number, CpuNode>();
const samples: { ts: number; node: number; line: number }[] = [];
let clock = 0;
for (const e of events) {
  if (e.pid !== pid) continue;
  const data = e.args?.data;
  if (e.name === 'Profile') clock = Number(data?.startTime ?? 0);
  if (e.name !== 'ProfileChunk' || !data) continue;
  for (const n of data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
  (data.cpuProfile?.samples ?? []).forEach((node, i) => {
    clock += data.timeDeltas?.[i] ?? 0;
    samples.push({ ts: clock, node, line: data.lines?.[i] ?? 0 });
  });
}

const mainThread = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X');
const long = mainThread.filter((e) => e.name === 'RunTask' && e.ts >= fcp.ts && (e.dur ?? 0) > LONG_MS * 1000);
const blocking = long.reduce((sum, e) => sum + Math.max(0, (e.dur! / 1000) * 4 - 50), 0);
console.log(
  `${file}\n${long.length} tasks over ${LONG_MS} ms after the first paint (at ${at(fcp.ts)} ms); ` +
    `their time over 50 ms, 4x slower: ${Math.round(blocking)} ms` +
    (samples.length ? '' : '\n(no CPU profile in this trace: run.ts --trace records one)'),
);
const ms = (us: number) => (us / 1000).toFixed(1).padStart(5);
for (const task of long) {
  const end = task.ts + task.dur!;
  const inside = mainThread.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end);
  const outermost = inside.filter(
    (e) =>
      !inside.some(
        (p) => p !== e && p.ts <= e.ts && p.ts + p.dur! >= e.ts + e.dur! && (p.dur! > e.dur! || p.ts < e.ts),
      ),
  );
  const steps = new Map<string, number>();
  for (const e of outermost) steps.set(e.name, (steps.get(e.name) ?? 0) + e.dur!);
  const functions = new Map<string, number>();
  const inTask = samples.filter((s) => s.ts >= task.ts && s.ts <= end);
  inTask.forEach((s, i) => {
    const frame = nodes.get(s.node)?.callFrame;
    if (!frame) return;
    const key = frame.url
      ? `${frame.functionName || '(anonymous)'}  ${moduleOf(frame.url, s.line - 1)}`
      : `(${frame.functionName || 'native'})`;
    functions.set(key, (functions.get(key) ?? 0) + ((inTask[i + 1]?.ts ?? end) - s.ts));
  });
  const list = (map: Map<string, number>) => [...map].sort((a, b) => b[1] - a[1]).slice(0, top);
  console.log(
    `\n${ms(task.dur!)} ms at ${at(task.ts)} ms: ${list(steps)
      .map(([name, us]) => `${name} ${ms(us).trim()}`)
      .join(', ')}`,
  );
  for (const [name, us] of list(functions)) console.log(`  ${ms(us)}  ${name}`);
}
