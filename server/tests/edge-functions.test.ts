// Every Edge Function type-checks as Deno (and so `supabase functions deploy`) will compile it: the
// dispatcher's module is also checked by tsc through the tests that import it, but index.ts, with its
// Deno globals and npm: imports, only by Deno.
import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { denoBinary } from '../functions/runtime.ts';
import { ROOT } from './helpers.ts';

const FUNCTIONS = join(ROOT, 'supabase', 'functions');
const names = (await readdir(FUNCTIONS, { withFileTypes: true }))
  .filter((d) => d.isDirectory() && !d.name.startsWith('_'))
  .map((d) => d.name);

it.each(names)('supabase/functions/%s type-checks under Deno', async (name) => {
  const { stderr } = await promisify(execFile)(
    denoBinary(),
    ['check', '--quiet', '--no-lock', '--node-modules-dir=manual', join(FUNCTIONS, name, 'index.ts')],
    {
      cwd: ROOT,
      env: { ...process.env, DENO_DIR: join(ROOT, '.tmp', 'deno'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
    },
  );
  expect(stderr).toBe('');
});
