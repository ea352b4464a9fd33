// `npm start` builds the app only when it is missing or older than its sources.
import { stat, readdir } from 'node:fs/promises';
import { join } from 'node:path';

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

export async function buildApp(root: string): Promise<void> {
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn', configFile: join(root, 'vite.config.ts') });
}
