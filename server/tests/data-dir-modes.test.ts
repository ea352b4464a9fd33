// PGlite's data folder (password hashes in its tables and WAL, the JWT secret, the operator socket)
// is the running account's only: folders 0700, files 0600, whether PGlite's initdb made it just now
// or an older version left it readable by every account (issue 27, item 3).
import { chmod, readdir, lstat, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyPgliteTemplate, startTestStack } from './helpers.ts';

/** Every path below `dir` (itself included) that another account may read, write or enter. */
async function opened(dir: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (path: string) => {
    const stat = await lstat(path);
    if ((stat.mode & 0o077) !== 0) found.push(`${(stat.mode & 0o777).toString(8)} ${path.slice(dir.length) || '/'}`);
    if (stat.isDirectory()) for (const name of await readdir(path)) await walk(join(path, name));
  };
  await walk(dir);
  return found;
}

describe('the data folder', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('is made private when PGlite creates it, and stays so as the database writes', async () => {
    const stack = await startTestStack({ initdb: true });
    try {
      await stack.ctx.db
        .exec(`create table public.grow (a int); insert into public.grow select generate_series(1, 50000);
                               select pg_switch_wal(); checkpoint; drop table public.grow;`);
      expect(await opened(stack.dataDir)).toEqual([]);
    } finally {
      await stack.destroy();
    }
  }, 120_000);

  it('an existing folder readable by others is made private at start', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'brawlcup-modes-'));
    dirs.push(dataDir);
    await copyPgliteTemplate(dataDir);
    // As PGlite's initdb left folders before this rule: every file 0666, every folder 0755.
    const loosen = async (path: string) => {
      const stat = await lstat(path);
      await chmod(path, stat.isDirectory() ? 0o755 : 0o666);
      if (stat.isDirectory()) for (const name of await readdir(path)) await loosen(join(path, name));
    };
    await loosen(dataDir);
    expect((await opened(dataDir)).length).toBeGreaterThan(900);
    const stack = await startTestStack({ dataDir });
    try {
      expect(await opened(dataDir)).toEqual([]);
    } finally {
      await stack.destroy();
    }
  }, 120_000);
});
