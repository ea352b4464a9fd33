// Edge Functions under `npm start`: the real Deno runtime (the `deno` npm package's binary) runs
// supabase/functions/*/index.ts through edge-host.mjs, with the environment hosted Supabase gives a
// function (SUPABASE_URL, SUPABASE_ANON_KEY, SUPABASE_SERVICE_ROLE_KEY) and the secrets the operator
// sets; the stack proxies /functions/v1/<name> to it, as `supabase functions serve` does.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export interface EdgeFunctions {
  /** The Deno listener, e.g. http://127.0.0.1:41234 (requests keep their /functions/v1/ path). */
  url: string;
  functions: string[];
  close(): Promise<void>;
}

// import.meta.url, not dirname: scripts/build-server.mjs points each bundled file's url back at its source.
const HOST_SCRIPT = fileURLToPath(new URL('edge-host.mjs', import.meta.url));

/** The Deno binary of the `deno` npm package for this platform (or DENO_PATH, or deno on the PATH). */
export function denoBinary(): string {
  if (process.env.DENO_PATH) return process.env.DENO_PATH;
  const require = createRequire(import.meta.url);
  const pkg = `@deno/${process.platform}-${process.arch}${process.platform === 'linux' ? '-glibc' : ''}`;
  try {
    const dir = dirname(require.resolve(`${pkg}/package.json`));
    const bin = join(dir, process.platform === 'win32' ? 'deno.exe' : 'deno');
    if (existsSync(bin)) return bin;
  } catch {
    // Not installed for this platform: fall through to the PATH.
  }
  return 'deno';
}

export async function startEdgeFunctions(options: {
  supabaseDir: string;
  /** The project root: Deno resolves npm: imports from its node_modules, as `deno install` would fill it. */
  rootDir: string;
  env: Record<string, string>;
  quiet?: boolean;
}): Promise<EdgeFunctions> {
  const functionsDir = resolve(options.supabaseDir, 'functions');
  const child: ChildProcess = spawn(
    denoBinary(),
    [
      'run',
      '--quiet',
      '--no-lock',
      // The handlers here never read request.signal; without it Deno warns at every start.
      '--unstable-no-legacy-abort',
      '--node-modules-dir=manual',
      '--allow-net',
      '--allow-env',
      `--allow-read=${options.rootDir}`,
      HOST_SCRIPT,
      functionsDir,
    ],
    {
      cwd: options.rootDir,
      // Only what a hosted function would see, plus what Deno needs to run.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        DENO_DIR: join(options.rootDir, '.tmp', 'deno'),
        DENO_NO_UPDATE_CHECK: '1',
        DENO_NO_PROMPT: '1',
        NO_COLOR: '1',
        ...options.env,
      },
      // stdin stays open for the child's life: its end tells the runtime the server is gone.
      stdio: ['pipe', 'pipe', 'pipe'],
    },
  );
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  child.stderr!.on('data', (chunk: Buffer) => {
    if (!options.quiet) process.stderr.write(`[functions] ${chunk}`);
  });
  const lines = createInterface({ input: child.stdout! });
  const ready = await new Promise<{ port: number; functions: string[] }>((resolveReady, reject) => {
    const timer = setTimeout(() => reject(new Error('Edge Functions did not start within 60 s')), 60_000);
    lines.on('line', (line) => {
      try {
        const parsed = JSON.parse(line) as { port?: number; functions?: string[] };
        if (typeof parsed.port === 'number') {
          clearTimeout(timer);
          resolveReady({ port: parsed.port, functions: parsed.functions ?? [] });
          return;
        }
      } catch {
        // A function's own console output.
      }
      if (!options.quiet) process.stdout.write(`[functions] ${line}\n`);
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`Edge Functions exited with code ${code} before listening`));
    });
  });
  return {
    url: `http://127.0.0.1:${ready.port}`,
    functions: ready.functions,
    async close() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
  };
}
