// The operator's backups: `npm run db:dump > file.sql` and `npm run db:restore file.sql`.
// A dump reads DATABASE_URL's Postgres directly, or DATA_DIR's PGlite: through the running server's
// operator socket when `npm start` holds the folder, directly when it does not.
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { readOptions } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { openStackDatabase } from '../stack.ts';
import { dumpDatabase, restoreDatabase, RestoreError } from '../db/dump.ts';
import { dumpSocketPath } from '../db/dump-socket.ts';
import { DataDirBusyError } from '../db/lock.ts';

const usage = 'Usage: npm run db:dump > file.sql | npm run db:restore file.sql';

/** The running server's dump, or undefined when no server answers on the socket. */
function dumpFromServer(socketPath: string): Promise<string | undefined> {
  if (!existsSync(socketPath)) return Promise.resolve(undefined);
  return new Promise((done, fail) => {
    const req = request({ socketPath, path: '/dump', method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if (res.statusCode === 200) done(body);
        else fail(new Error(body.trim() || `The server answered ${res.statusCode}.`));
      });
    });
    // A socket file left by a server that was killed: nobody listens.
    req.on('error', (error: NodeJS.ErrnoException) =>
      ['ECONNREFUSED', 'ENOENT'].includes(error.code ?? '') ? done(undefined) : fail(error),
    );
    req.end();
  });
}

async function dump(): Promise<number> {
  const options = readOptions();
  let sql: string | undefined;
  if (options.databaseUrl) {
    const db = await openDatabase({ databaseUrl: options.databaseUrl });
    try {
      sql = await dumpDatabase(db);
    } finally {
      await db.close();
    }
  } else {
    sql = await dumpFromServer(dumpSocketPath(options.dataDir));
    if (sql === undefined) {
      if (!existsSync(join(options.dataDir, 'pgdata'))) {
        console.error(`No database in ${options.dataDir}. Set DATA_DIR (or DATABASE_URL) to the site's.`);
        return 1;
      }
      const db = await openStackDatabase(options);
      try {
        sql = await dumpDatabase(db);
      } finally {
        await db.close();
      }
    }
  }
  await new Promise<void>((done, fail) => process.stdout.write(sql, (error) => (error ? fail(error) : done())));
  return 0;
}

async function restore(file: string): Promise<number> {
  const options = readOptions();
  // `npm run db:dump > file` also catches npm's "> brawlcup@... db:dump" banner lines: skip them.
  const sql = (await readFile(file, 'utf8')).replace(/^(?:>.*\n|\s*\n)*/, '');
  if (!options.databaseUrl) {
    const pgdata = join(options.dataDir, 'pgdata');
    if ((await readdir(pgdata).catch(() => [])).length > 0) {
      console.error(
        `${options.dataDir} already holds a database. Restore into a fresh folder, e.g. DATA_DIR=.local-restored npm run db:restore ${file}`,
      );
      return 1;
    }
  }
  const db = options.databaseUrl
    ? await openDatabase({ databaseUrl: options.databaseUrl })
    : await openStackDatabase(options);
  try {
    const { rows } = await restoreDatabase(db, sql, options.supabaseDir);
    console.log(`Restored ${rows} rows into ${db.kind === 'pglite' ? options.dataDir : db.location}.`);
    return 0;
  } finally {
    await db.close();
  }
}

async function main([command, file]: string[]): Promise<number> {
  if (command === 'dump') return dump();
  if (command === 'restore' && file) return restore(file);
  console.error(usage);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    const known = error instanceof RestoreError || error instanceof DataDirBusyError;
    console.error(known ? error.message : error);
    process.exit(1);
  },
);
