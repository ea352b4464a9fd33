// PGlite's data folder holds every password hash (in its tables and WAL): only the account that runs
// the site may read or write it, as Postgres's own initdb makes a cluster (0700 folders, 0600 files).
// PGlite's initdb writes its files 0666 and its folders by the umask, so a folder is made private
// when it is opened, fresh or not; the files Postgres creates later are 0600 by itself.
import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Creates `dir` (0700) when missing, then takes group and other access from it and all below it. */
export function makePrivate(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const walk = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) chmodSync(path, stat.isDirectory() ? 0o700 : 0o600);
    if (stat.isDirectory()) for (const name of readdirSync(path)) walk(join(path, name));
  };
  walk(dir);
}
