// Fails when a generated file (src/types/database.ts, src/lib/database-errors.ts) no longer matches the
// migrations: run `npm run gen:types`.
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateFiles } from '../scripts/gen-types.ts';

describe('generated from the database', () => {
  it('src/types/database.ts and src/lib/database-errors.ts are what gen-types.ts writes', async () => {
    for (const [path, next] of await generateFiles()) {
      const current = await readFile(path, 'utf8').catch(() => '');
      expect(
        current === next,
        `${relative(process.cwd(), path)} is stale: run \`npm run gen:types\` and commit it`,
      ).toBe(true);
    }
  }, 120_000);
});
