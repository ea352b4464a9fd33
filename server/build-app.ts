// `npm start` builds the app only when it is missing or older than its sources.
import { stat, readdir } from 'node:fs/promises';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

async function newestMtime(path: string): Promise<number> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return 0;
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of await readdir(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    newest = Math.max(newest, await newestMtime(join(path, entry)));
  }
  return newest;
}

export async function appIsStale(root: string): Promise<boolean> {
  const built = await stat(join(root, 'dist', 'index.html')).catch(() => undefined);
  if (!built) return true;
  const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'];
  const newest = Math.max(...(await Promise.all(sources.map((s) => newestMtime(join(root, s))))));
  return newest > built.mtimeMs;
}

/**
 * Builds in a child process: Vite and its bundler loaded into the serving process stayed in its
 * memory for good (tens of MB on a 1 GB machine) after a one-off build.
 */
export async function buildApp(root: string): Promise<void> {
  const vite = join(dirname(createRequire(join(root, 'package.json')).resolve('vite/package.json')), 'bin/vite.js');
  const child = spawn(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', resolve);
  });
  if (code !== 0) throw new Error(`vite build exited with code ${code}`);
}
