// `npm run gen:game-data`: writes supabase/data/brawlers.json and maps.json into the functions that
// serve them (public.brawlers() and public.brawl_maps() in supabase/schemas/match_room.sql), between
// their "generated" markers; then `npm run db:diff -- <name>` makes the migration. `--check` only
// reports whether the schema file is stale.
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const SUPABASE = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const SCHEMA = resolve(SUPABASE, 'schemas/match_room.sql');

const RARITIES = ['Starting', 'Rare', 'Super Rare', 'Epic', 'Mythic', 'Legendary', 'Ultra Legendary'] as const;
const CLASSES = ['Damage Dealer', 'Tank', 'Assassin', 'Support', 'Controller', 'Marksman', 'Artillery'] as const;
const MODES = ['Gem Grab', 'Brawl Ball', 'Heist', 'Bounty', 'Knockout', 'Hot Zone', 'Duels'] as const;

const brawlersFile = z.object({
  brawlers: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
        name: z.string().min(1).max(30),
        rarity: z.enum(RARITIES),
        class: z.enum(CLASSES),
      }),
    )
    .min(10),
});
const mapsFile = z.object({
  maps: z.array(z.object({ mode: z.enum(MODES), map: z.string().min(1).max(50) })),
});

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

function replaceBetween(sql: string, name: string, body: string): string {
  const start = `-- generated:${name}:start`;
  const end = `-- generated:${name}:end`;
  const from = sql.indexOf(start);
  const to = sql.indexOf(end);
  if (from < 0 || to < from) throw new Error(`${SCHEMA} has no "${start}" ... "${end}" markers`);
  return `${sql.slice(0, from + start.length)}\n${body}\n    ${sql.slice(to)}`;
}

async function main() {
  const brawlers = brawlersFile.parse(JSON.parse(await readFile(resolve(SUPABASE, 'data/brawlers.json'), 'utf8')));
  const maps = mapsFile.parse(JSON.parse(await readFile(resolve(SUPABASE, 'data/maps.json'), 'utf8')));
  const ids = new Set(brawlers.brawlers.map((b) => b.id));
  if (ids.size !== brawlers.brawlers.length) throw new Error('brawlers.json repeats an id');
  const before = await readFile(SCHEMA, 'utf8');
  let sql = replaceBetween(
    before,
    'brawlers',
    brawlers.brawlers
      .map((b, i) => `    ${i === 0 ? '' : ','}(${[b.id, b.name, b.rarity, b.class].map(quote).join(', ')})`)
      .join('\n'),
  );
  sql = replaceBetween(
    sql,
    'maps',
    maps.maps.map((m, i) => `    ${i === 0 ? '' : ','}(${quote(m.mode)}, ${quote(m.map)})`).join('\n'),
  );
  if (process.argv.includes('--check')) {
    if (sql !== before) {
      console.error('supabase/schemas/match_room.sql is stale: run `npm run gen:game-data`');
      process.exit(1);
    }
    return;
  }
  await writeFile(SCHEMA, sql);
  console.log(`${brawlers.brawlers.length} brawlers and ${maps.maps.length} maps written into ${SCHEMA}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
