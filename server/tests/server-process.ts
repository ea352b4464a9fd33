// Runs the real `npm start` (scripts/start.mjs: the compiled server/main.ts) as a child process on a given data directory, as an
// operator would: for tests that kill it, restart it, or talk to it from another process, and for
// the benchmarks that measure the site as served (bench/lighthouse).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './helpers.ts';

/** `npm start`'s node arguments (its flags, then scripts/start.mjs), from package.json: run without npm. */
export function npmStartArgs(): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const [command, ...args] = pkg.scripts.start.split(/\s+/);
  if (command !== 'node') throw new Error(`npm start was expected to run node: ${pkg.scripts.start}`);
  return args;
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  /** Everything the process printed so far. */
  output(): string;
  /** kill -9: no shutdown handler runs. */
  kill9(): Promise<void>;
  /** SIGTERM, as Ctrl-C or a service manager would stop it. */
  stop(): Promise<void>;
}

const START_TIMEOUT_MS = 150_000;

export async function startServerProcess(env: {
  DATA_DIR: string;
  DATABASE_URL?: string;
  JWT_SECRET?: string;
  /** Anything else npm start reads (SUPABASE_AUTH_* over config.toml, SMTP_*, NODE_EXTRA_CA_CERTS). */
  [name: string]: string | undefined;
}): Promise<ServerProcess> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PORT: '0', HOST: '127.0.0.1' };
  // The default administrator, PGlite, ads off: nothing from the shell leaks in.
  for (const name of [
    'DATABASE_URL',
    'ADMIN_EMAIL',
    'ADMIN_PASSWORD',
    'JWT_SECRET',
    'VITE_CONTACT_FORM_URL',
    'VITE_ADSENSE_CLIENT',
    'VITE_ADSENSE_SLOT',
  ])
    delete childEnv[name];
  Object.assign(childEnv, env);
  const child = spawn(process.execPath, npmStartArgs(), {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));

  await new Promise<void>((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`npm start printed no App URL within ${START_TIMEOUT_MS} ms:\n${output}`)),
      START_TIMEOUT_MS,
    );
    const check = () => {
      if (/service_role key: \S+/.test(output) && /App URL: \S+/.test(output)) {
        clearTimeout(timer);
        done();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`npm start exited with code ${code} before it was ready:\n${output}`));
    });
  });

  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(name);
    await exited;
  };
  return {
    child,
    url: /App URL: (\S+)/.exec(output)![1]!,
    anonKey: /anon key: (\S+)/.exec(output)![1]!,
    serviceRoleKey: /service_role key: (\S+)/.exec(output)![1]!,
    output: () => output,
    kill9: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
  };
}
