// The database's text rules and the app's are one rule: private.has_invisible and private.trim_space
// agree with src/lib/text-rules.ts and JavaScript's trim() on every Unicode code point.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasInvisible } from '@/lib/text-rules';
import { openDatabase, type Database } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { ROOT } from './helpers.ts';

const codePoints = (test: (c: string) => boolean) => {
  const found: number[] = [];
  for (let c = 1; c <= 0x10ffff; c++) {
    if (c >= 0xd800 && c <= 0xdfff) continue;
    if (test(String.fromCodePoint(c))) found.push(c);
  }
  return found;
};

describe('text rules: database and app agree', () => {
  let db: Database;

  beforeAll(async () => {
    db = await openDatabase({});
    await migrate(db, resolve(ROOT, 'supabase'));
  });

  afterAll(async () => {
    await db?.close();
  });

  it('finds the same invisible characters', async () => {
    const { rows } = await db.query<{ c: number }>(
      `select c from generate_series(1, 1114111) c
       where c not between 55296 and 57343 and private.has_invisible(chr(c)) order by c`,
    );
    expect(rows.map((r) => r.c)).toEqual(codePoints(hasInvisible));
  });

  it('trims the same white space', async () => {
    const { rows } = await db.query<{ c: number }>(
      `select c from generate_series(1, 65535) c
       where c not between 55296 and 57343 and private.trim_space('a' || chr(c)) = 'a' order by c`,
    );
    expect(rows.map((r) => r.c)).toEqual(codePoints((c) => c.codePointAt(0)! <= 0xffff && ('a' + c).trim() === 'a'));
  });
});
