// How `npm run db:dump` reaches the database of a running `npm start`: PGlite allows one process per
// folder, so the server itself answers dumps, on a unix socket inside DATA_DIR that only the
// operator's account can open (mode 0600). Nothing is added to the public port.
import { createServer } from 'node:http';
import { chmod, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from './database.ts';
import { dumpDatabase } from './dump.ts';

export const dumpSocketPath = (dataDir: string) => join(dataDir, 'operator.sock');

/** Starts answering GET /dump on the socket; the returned function stops it. */
export async function serveDumps(db: Database, dataDir: string): Promise<() => Promise<void>> {
  const path = dumpSocketPath(dataDir);
  // A socket file left by a killed server: this process holds the data directory now.
  await rm(path, { force: true });
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/dump') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
      return;
    }
    dumpDatabase(db).then(
      (sql) => res.writeHead(200, { 'Content-Type': 'application/sql; charset=utf-8' }).end(sql),
      (error: Error) => res.writeHead(500, { 'Content-Type': 'text/plain' }).end(`The dump failed: ${error.message}\n`),
    );
  });
  // Created unreadable to others from the start, then pinned to the owner.
  const mask = process.umask(0o177);
  try {
    await new Promise<void>((done, fail) => {
      server.once('error', fail);
      server.listen(path, done);
    });
  } finally {
    process.umask(mask);
  }
  await chmod(path, 0o600);
  return async () => {
    await new Promise((done) => server.close(done));
    await rm(path, { force: true });
  };
}
