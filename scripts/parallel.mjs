// Runs commands at once and fails when any fails. `npm test` runs three: the checks (lint, types),
// the build and then the browser journeys, and the stack's and the app's tests. Much of a test's time
// is waiting (a browser's live update, a timer, a restart), so the journeys, which run one file at a
// time, go side by side with the other tests instead of after them. Each command's output is printed
// whole, so two logs never interleave: those that passed first, then those that failed, then one line
// per command, so the end of the log (all a CI page may show) says what failed and why.
//
// A command after --nice=N runs at that lower CPU priority (nice N), it and every process it starts:
// in `npm test` the checks, which wait for nothing, take what the tests leave.
// Usage: node scripts/parallel.mjs "<command>" [--nice=N "<command>"] ...
import { spawn } from 'node:child_process';

const commands = [];
for (let i = 2; i < process.argv.length; i++) {
  const nice = /^--nice=(\d{1,2})$/.exec(process.argv[i])?.[1];
  const command = nice ? process.argv[++i] : process.argv[i];
  if (command) commands.push({ command, nice });
}
if (commands.length === 0) {
  console.error('Usage: node scripts/parallel.mjs "<command>" [--nice=N "<command>"] ...');
  process.exit(2);
}

const results = await Promise.all(
  commands.map(
    ({ command, nice }) =>
      new Promise((done) => {
        const started = Date.now();
        const stdio = ['ignore', 'pipe', 'pipe'];
        const child = nice
          ? spawn('nice', ['-n', nice, 'sh', '-c', command], { stdio })
          : spawn(command, { shell: true, stdio });
        const chunks = [];
        child.stdout.on('data', (c) => chunks.push(c));
        child.stderr.on('data', (c) => chunks.push(c));
        child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
        child.on('close', (code, signal) => {
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          const ok = code === 0;
          const status = ok ? 'ok' : `failed (${signal ?? `exit ${code}`})`;
          process.stderr.write(`[parallel] ${command}: ${status} in ${seconds} s\n`);
          done({ ok, line: `> ${command}: ${status} in ${seconds} s`, output: Buffer.concat(chunks).toString() });
        });
      }),
  ),
);
const ordered = [...results.filter((r) => r.ok), ...results.filter((r) => !r.ok)];
for (const { line, output } of ordered) process.stdout.write(`\n${line}\n${output}`);
process.stdout.write(`\n${results.map((r) => r.line).join('\n')}\n`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
