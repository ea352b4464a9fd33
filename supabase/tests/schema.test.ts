// The declarative schema and the migrations never drift apart: supabase/schemas/ (where rules are read
// and changed) and supabase/migrations/ (what hosted databases apply) build the same database, and
// every function, policy and trigger is defined once in the schema files.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { diffSchema, schemaPaths, SUPABASE_DIR } from '../scripts/schema-diff.ts';

describe('supabase/schemas', () => {
  const copies: string[] = [];
  afterAll(async () => {
    await Promise.all(copies.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('builds the same database as supabase/migrations (npm run db:diff writes nothing)', async () => {
    const sql = await diffSchema();
    expect(sql, 'supabase/schemas/ and supabase/migrations/ disagree: run `npm run db:diff -- <name>`').toBe('');
  });

  it('finds a change made in a schema file only, including what migra does not compare', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'brawlcup-schema-'));
    copies.push(dir);
    await cp(SUPABASE_DIR, dir, { recursive: true, filter: (path) => !path.includes('/tests') });
    const edit = async (file: string, from: string, to: string) => {
      const path = join(dir, 'schemas', file);
      const text = await readFile(path, 'utf8');
      expect(text).toContain(from);
      await writeFile(path, text.replace(from, to));
    };
    await edit('contact.sql', 'using ((select private.is_admin()));', 'using (false);');
    await edit('profiles.sql', 'grant update (username, game_id)', 'grant update (username)');
    await edit('realtime.sql', ', public.matches;', ';');

    const sql = await diffSchema(dir);
    expect(sql).toMatch(/drop policy "Admins can read contact messages"/);
    expect(sql).toMatch(/using \(false\)/);
    expect(sql).toContain('revoke all (game_id) on public.profiles');
    expect(sql).toContain('alter publication supabase_realtime drop table public.matches;');
  });

  it('defines every function, policy and trigger exactly once', async () => {
    const definitions = new Map<string, string[]>();
    for (const file of await schemaPaths()) {
      const sql = await readFile(file, 'utf8');
      const patterns = [
        /^create (?:or replace )?(function) ([\w.]+)\(/gim,
        /^create (policy) ("[^"]+")\s+on ([\w.]+)/gim,
        /^create (?:or replace )?(trigger) (\w+)\s[\s\S]*?\son ([\w.]+)/gim,
      ];
      for (const pattern of patterns) {
        for (const [, kind, name, table] of sql.matchAll(pattern)) {
          const key = `${kind} ${name}${table ? ` on ${table}` : ''}`;
          definitions.set(key, [...(definitions.get(key) ?? []), basename(file)]);
        }
      }
    }
    const twice = [...definitions].filter(([, files]) => files.length > 1);
    expect(twice).toEqual([]);
    expect(definitions.size).toBeGreaterThan(100);
  });
});
