// Where a page's main-thread time goes, for the pages whose Lighthouse performance misses 100: loads
// the page once, signed in as the sample player, with Chrome's CPU slowed 4x (Lighthouse's mobile
// preset), records a trace and a CPU profile together, and prints each long task (over 50 ms, what
// Total Blocking Time adds up) with the call paths and functions that took its time. Builds nothing:
// run `npx vite build` first. Noisy on a busy machine: compare runs made back to back.
//   npx tsx bench/lighthouse/profile.ts [/home | /tournaments/<id> | any path] [--tasks=6]
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import puppeteer from 'puppeteer-core';
import { startServerProcess } from '../../server/tests/server-process.ts';
import { signIn } from './sign-in.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const path = process.argv.slice(2).find((a) => a.startsWith('/')) ?? '/home';
const shown = Number(process.argv.find((a) => a.startsWith('--tasks='))?.slice('--tasks='.length) ?? 6);

type CallFrame = { functionName: string; url: string };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };
type TraceEvent = { name: string; ts: number; dur?: number };

const temp = await mkdtemp(join(tmpdir(), 'brawlcup-profile-'));
const site = await startServerProcess({ DATA_DIR: join(temp, 'data') });
const { url } = site;
const browser = await puppeteer.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const page = await browser.newPage();
  // Lighthouse's mobile preset screen.
  await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true });
  await signIn(page, url);
  await page.goto('about:blank');

  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  await page.goto(`${url}${path}`, { waitUntil: 'networkidle0' });
  await new Promise((r) => setTimeout(r, 2000));
  const trace = JSON.parse(Buffer.from((await page.tracing.stop())!).toString('utf8')) as { traceEvents: TraceEvent[] };
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };

  const long = trace.traceEvents.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > 50_000);
  const first = long[0]?.ts ?? 0;
  const blocking = long.reduce((sum, e) => sum + (e.dur! / 1000 - 50), 0);
  console.log(`${path}, CPU 4x slower: ${long.length} long tasks, ${Math.round(blocking)} ms over 50 ms in all`);
  console.log(
    `(ms from the first: length) ${long.map((e) => `${Math.round((e.ts - first) / 1000)}: ${Math.round(e.dur! / 1000)}`).join(', ')}`,
  );

  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const name = (id: number) => {
    const { functionName, url: script } = nodes.get(id)!.callFrame;
    return `${functionName || '(anonymous)'} ${script.split('/').pop() ?? ''}`.trim();
  };
  let clock = profile.startTime;
  const at = profile.timeDeltas.map((d) => (clock += d));
  const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => `    ${String(Math.round(us / 1000)).padStart(5)} ms  ${k}`)
      .join('\n');
  for (const task of [...long].sort((a, b) => b.dur! - a.dur!).slice(0, shown)) {
    const paths = new Map<string, number>();
    const self = new Map<string, number>();
    for (let i = 0; i < profile.samples.length; i++) {
      if (at[i]! < task.ts || at[i]! > task.ts + task.dur!) continue;
      const us = profile.timeDeltas[i + 1] ?? 0;
      const chain: string[] = [];
      for (let id: number | undefined = profile.samples[i]; id !== undefined; id = parent.get(id)) chain.push(name(id));
      add(self, chain[0]!, us);
      add(paths, chain.reverse().slice(1, 5).join(' > '), us);
    }
    console.log(`\nTask of ${Math.round(task.dur! / 1000)} ms at ${Math.round((task.ts - first) / 1000)} ms`);
    console.log(`  from (the first frames below the event loop):\n${top(paths, 4)}`);
    console.log(
      `  in (self time; a browser built-in such as appendChild includes what it does natively):\n${top(self, 6)}`,
    );
  }
} finally {
  await browser.close();
  await site.stop();
  await rm(temp, { recursive: true, force: true });
}
