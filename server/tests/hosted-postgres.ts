// A throwaway PostgreSQL cluster on this machine's PostgreSQL binaries, bootstrapped the way hosted
// Supabase is: supabase_admin is the only superuser, so the prelude makes postgres an ordinary
// role (which a shared server, where postgres is the superuser, cannot show).
import { execFile } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface HostedPostgres {
  /** The bootstrap superuser's URL (what the local stack connects with). */
  adminUrl: string;
  /** The same database as the non-superuser postgres (what migrations and `supabase test db` use). */
  postgresUrl: string;
  stop(): Promise<void>;
}

async function binDir(): Promise<string> {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  try {
    return (await run('pg_config', ['--bindir'])).stdout.trim();
  } catch {
    throw new Error('PostgreSQL binaries not found: install PostgreSQL (initdb, pg_ctl) or set PG_BIN');
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startHostedPostgres(): Promise<HostedPostgres> {
  const bin = await binDir();
  const dir = await mkdtemp(join(tmpdir(), 'brawlcup-hosted-pg-'));
  const data = join(dir, 'data');
  // PostgreSQL refuses to run as root: under root (containers, this machine) it runs as the
  // postgres system user, which then owns the folder.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
    await chown(dir, await id('-u'), await id('-g'));
  }
  const exec = (cmd: string, args: string[]) =>
    asRoot ? run('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]) : run(join(bin, cmd), args);

  await exec('initdb', ['-D', data, '--username=supabase_admin', '--auth=trust', '--encoding=UTF8', '--no-sync']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  await exec('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  const url = (user: string) => `postgres://${user}@127.0.0.1:${port}/postgres`;
  return {
    adminUrl: url('supabase_admin'),
    postgresUrl: url('postgres'),
    async stop() {
      await exec('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      await rm(dir, { recursive: true, force: true });
    },
  };
}
