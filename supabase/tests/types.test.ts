// Fails when src/types/database.ts no longer matches the migrations: run `npm run gen:types`.
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { generateTypes, TYPES_PATH } from '../scripts/gen-types.ts';

describe('src/types/database.ts', () => {
  it('is what supabase/scripts/gen-types.ts generates from the migrations', async () => {
    const current = await readFile(TYPES_PATH, 'utf8');
    const next = await generateTypes();
    expect(current === next, 'src/types/database.ts is stale: run `npm run gen:types` and commit it').toBe(true);
  }, 120_000);
});
