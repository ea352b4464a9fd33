// PGlite is one process's database: two servers (or the admin CLI beside a running server) on one
// folder would corrupt it. A pid file in the data directory keeps it to one.
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export class DataDirBusyError extends Error {
  constructor(dir: string, pid: number) {
    super(
      `Another BrawlCup process (pid ${pid}) is using the data directory ${dir}. Stop it first, or set DATA_DIR to another folder.`,
    );
    this.name = 'DataDirBusyError';
  }
}

/** Takes the folder for this process; the returned function gives it back. */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  // The folder holds the database, the JWT secret and the operator socket: this account's only.
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  const file = join(dir, 'server.pid');
  const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
  if (owner && owner !== process.pid && alive(owner)) throw new DataDirBusyError(dir, owner);
  await writeFile(file, String(process.pid), { mode: 0o600 });
  return async () => {
    const current = Number((await readFile(file, 'utf8').catch(() => '')).trim());
    if (current === process.pid) await rm(file, { force: true });
  };
}
