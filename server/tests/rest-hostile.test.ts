// The Data API against hostile input, on PGlite and on Postgres: the select-cast injection an
// adversarial review found, then fast-check properties that throw random and hostile strings at every
// query-string parameter. Invariants: never a 5xx, always PostgREST's error shape, no statement but the
// planned one (the SQL sent never carries a statement separator, a comment or a UNION), and the canary
// table unchanged.
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../db/database.ts';
import { ROOT, startTestStack, type TestStack } from './helpers.ts';

const FIXTURE = join(ROOT, 'server/tests/fixtures/rest-parity');
const SEED = 20261122;

/** SQL fragments an attacker reaches for; the planned SQL never contains any of them. */
const FORBIDDEN_IN_SQL = [
  /;/,
  /--/,
  /\/\*/,
  /\bunion\b/i,
  /\bpg_roles\b/i,
  /\bpg_sleep\b/i,
  /\bcanary\b.*\b(insert|update|delete|drop)\b/i,
];

const TOKENS = [
  "'",
  '"',
  ';',
  '--',
  '/*',
  '*/',
  ' ',
  ',',
  '.',
  ':',
  '::',
  '(',
  ')',
  '!',
  '*',
  '...',
  '\\',
  '%',
  '&',
  '=',
  '\u0000',
  '\u202e',
  'id',
  'name',
  'team',
  'score',
  'motto',
  'players',
  'canary',
  'members',
  'teams',
  'eq',
  'neq',
  'gt',
  'in',
  'is',
  'like',
  'ilike',
  'fts',
  'not',
  'and',
  'or',
  'asc',
  'desc',
  'nullsfirst',
  'text',
  'int',
  'union all select rolname from pg_roles',
  'drop table canary',
  'delete from canary',
  'pg_sleep(5)',
  '1=1',
  "' or '1'='1",
  '$1',
  'null',
  'true',
  '9999999999999999999999',
  '-1',
  '{',
  '}',
  '[]',
  '->',
  '->>',
];

/** Whole payloads from the review and the usual injection cheat sheets. */
const PAYLOADS = [
  'text as id from players x union all select rolname from pg_roles union all select name',
  'text as id from players x union all select rolname::text from pg_roles',
  'text from players; delete from canary',
  'text), (select pg_sleep(5)',
  '1; drop table canary --',
  "' union select current_user --",
  'int8 as x, (select count(*) from pg_roles) as y',
];

/** Random text, text assembled from the tokens the grammars and attackers use, and known payloads. */
const hostile = fc.oneof(
  fc.constantFrom(...PAYLOADS),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.array(fc.constantFrom(...TOKENS), { minLength: 1, maxLength: 12 }).map((parts) => parts.join('')),
);

/** Query strings that put hostile text in every parameter the Data API reads. */
const PARAMETERS: [string, (v: string) => string][] = [
  ['select', (v) => `/players?select=${encodeURIComponent(v)}`],
  ['select cast', (v) => `/players?select=${encodeURIComponent(`id::${v}`)}`],
  ['select alias', (v) => `/players?select=${encodeURIComponent(`"${v}":id`)}`],
  [
    'select embed alias',
    (v) => `/teams?select=${encodeURIComponent(`name,"${v}":members!members_team_id_fkey(name)`)}`,
  ],
  ['select json key', (v) => `/player_stats?select=${encodeURIComponent(`stats->"${v}"`)}`],
  ['select embed', (v) => `/teams?select=${encodeURIComponent(`name,members!${v}(name)`)}`],
  ['order', (v) => `/players?order=${encodeURIComponent(v)}`],
  ['order quoted', (v) => `/players?order=${encodeURIComponent(`"${v}".desc`)}`],
  ['limit', (v) => `/players?limit=${encodeURIComponent(v)}`],
  ['offset', (v) => `/players?offset=${encodeURIComponent(v)}`],
  ['filter value', (v) => `/players?name=${encodeURIComponent(`eq.${v}`)}`],
  ['filter operator', (v) => `/players?name=${encodeURIComponent(v)}`],
  ['filter column', (v) => `/players?${encodeURIComponent(v)}=eq.1`],
  ['in list', (v) => `/players?id=${encodeURIComponent(`in.(${v})`)}`],
  ['or', (v) => `/players?or=${encodeURIComponent(`(${v})`)}`],
  ['or quoted column', (v) => `/players?or=${encodeURIComponent(`("${v}".eq.1,id.eq.2)`)}`],
  ['not.and', (v) => `/players?not.and=${encodeURIComponent(v)}`],
  [
    'embedded order',
    (v) => `/teams?select=name,members!members_team_id_fkey(name)&members.order=${encodeURIComponent(v)}`,
  ],
  [
    'embedded filter',
    (v) => `/teams?select=name,members!members_team_id_fkey(name)&members.name=${encodeURIComponent(v)}`,
  ],
  ['columns', (v) => `/players?columns=${encodeURIComponent(v)}`],
  ['columns quoted', (v) => `/players?columns=${encodeURIComponent(`"${v}"`)}`],
  ['on_conflict', (v) => `/players?on_conflict=${encodeURIComponent(v)}`],
  ['rpc argument', (v) => `/rpc/players_of?p_team=${encodeURIComponent(v)}`],
  ['rpc name', (v) => `/rpc/${encodeURIComponent(v)}`],
  ['table name', (v) => `/${encodeURIComponent(v)}`],
];

describe.each(['pglite', 'postgres'] as const)('the Data API against hostile input on %s', (backend) => {
  let stack: TestStack;
  const statements: string[] = [];

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${stack.url}/rest/v1${path}`, {
      ...init,
      headers: { apikey: stack.ctx.keys.anonKey, ...(init.headers as Record<string, string>) },
    });
  const canary = async () =>
    (
      await stack.ctx.db.query<{ n: number; notes: string }>(
        `select count(*)::int as n, string_agg(note, ',') as notes from public.canary`,
      )
    ).rows[0];

  /** Every statement the API sends in a request's transaction, to check none was smuggled in. */
  const recordStatements = () => {
    const db = stack.ctx.db;
    const transaction = db.transaction.bind(db);
    db.transaction = <T>(fn: (tx: Queryable) => Promise<T>) =>
      transaction((tx) =>
        fn({
          ...tx,
          query: (sql, params) => {
            statements.push(sql);
            return tx.query(sql, params);
          },
          exec: (sql) => {
            statements.push(sql);
            return tx.exec(sql);
          },
        } as Queryable),
      );
  };

  /** The response is a success or PostgREST's error shape, never a 5xx; what it sent was one planned statement. */
  const expectSafe = async (res: Response, request: string) => {
    const text = await res.text();
    const sent = statements.splice(0);
    expect(res.status, `${request} -> ${res.status} ${text}`).toBeLessThan(500);
    if (res.status >= 400) {
      const body = JSON.parse(text) as Record<string, unknown>;
      expect(Object.keys(body).sort(), `${request} -> ${text}`).toEqual(['code', 'details', 'hint', 'message']);
      expect(typeof body.code).toBe('string');
      expect(typeof body.message).toBe('string');
    }
    expect(text).not.toMatch(/supabase_admin|authenticator|pg_signal_backend/);
    for (const sql of sent) {
      // A quoted identifier (an alias is the client's text) is a name, whatever it spells; what
      // matters is the SQL around the names. It never holds a NUL, which would cut the statement short.
      expect(sql, `${request} sent a NUL`).not.toContain('\u0000');
      const outsideNames = sql.replace(/"(?:[^"]|"")*"/g, '""');
      for (const pattern of FORBIDDEN_IN_SQL) expect(outsideNames, `${request} sent: ${sql}`).not.toMatch(pattern);
    }
  };

  beforeAll(async () => {
    stack = await startTestStack({ supabaseDir: FIXTURE, postgres: backend === 'postgres' });
    recordStatements();
  });
  afterAll(async () => {
    await stack?.destroy();
  });

  it("refuses the select cast that smuggled a UNION (the review's injection), and leaks no catalog", async () => {
    const select = 'id::text as id from players x union all select rolname from pg_roles union all select name';
    const res = await api(`/players?select=${encodeURIComponent(select)}`);
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.code).toBe('PGRST100');
    expect(JSON.stringify(body)).not.toMatch(/supabase_admin|authenticator|service_role/);
    // A cast is still one type name, optionally an array.
    const ok = await api(`/players?select=${encodeURIComponent('id::text,name::varchar,score::int8')}&limit=1`);
    expect(ok.status).toBe(200);
    expect(Object.keys((await ok.json())[0])).toEqual(['id', 'name', 'score']);
    // An array type parses; Postgres then says whether the cast exists (here it does not).
    const array = await api(`/players?select=${encodeURIComponent('id::int8[]')}`);
    expect((await array.json()).code).toBe('42846');
    for (const cast of ['text as x', 'text)', 'int;select 1', 'int--', '"text"', 'text[][]x']) {
      const res = await api(`/players?select=${encodeURIComponent(`id::${cast}`)}`);
      expect(res.status, cast).toBe(400);
    }
  });

  it('refuses a NUL inside a quoted name with 400 PGRST100, and a NUL in a value with 400 22021', async () => {
    const nul = '"a\u0000b"';
    for (const [method, path] of [
      ['GET', `/players?select=${encodeURIComponent(`${nul}:id`)}`],
      ['GET', `/teams?select=${encodeURIComponent(`name,${nul}:members!members_team_id_fkey(name)`)}`],
      ['GET', `/player_stats?select=${encodeURIComponent(`stats->${nul}`)}`],
      ['GET', `/players?order=${encodeURIComponent(`${nul}.desc`)}`],
      ['GET', `/players?${encodeURIComponent('a\u0000b')}=eq.1`],
      ['GET', `/players?or=${encodeURIComponent(`(${nul}.eq.1,id.eq.2)`)}`],
      ['POST', `/canary?columns=${encodeURIComponent(nul)}`],
      ['POST', `/canary?on_conflict=${encodeURIComponent(nul)}`],
    ] as const) {
      const res = await api(path, {
        method,
        body: method === 'POST' ? '{"id": 9}' : undefined,
        headers: { 'content-type': 'application/json', Prefer: 'resolution=merge-duplicates' },
      });
      const body = await res.json();
      expect(res.status, `${method} ${path}: ${JSON.stringify(body)}`).toBe(400);
      expect(body.code, path).toBe('PGRST100');
      expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
    }
    // A value is a bind parameter: Postgres refuses the NUL itself, as behind PostgREST.
    const value = await api(`/players?name=${encodeURIComponent('eq.a\u0000b')}`);
    expect(value.status).toBe(400);
    expect((await value.json()).code).toBe('22021');
    expect(await canary()).toEqual({ n: 3, notes: 'alive,alive,alive' });
  });

  it('refuses embeds and logic trees nested too deep with a 400', async () => {
    const deepSelect = `${'members!members_team_id_fkey('.repeat(40)}name${')'.repeat(40)}`;
    const select = await api(`/teams?select=name,${encodeURIComponent(deepSelect)}`);
    expect(select.status).toBe(400);
    await expectSafe(select, 'deep select');
    const deepOr = `(${'or('.repeat(1000)}id.eq.1${')'.repeat(1000)})`;
    const res = await api(`/players?or=${encodeURIComponent(deepOr)}`);
    expect(res.status).toBe(400);
    await expectSafe(res, 'deep or');
  });

  it.each(PARAMETERS)(
    "%s: random and hostile values answer < 500 in PostgREST's shape, with only the planned statement",
    async (_name, url) => {
      await fc.assert(
        fc.asyncProperty(hostile, async (value) => {
          const path = url(value);
          await expectSafe(await api(path), `GET ${path}`);
        }),
        { seed: SEED, numRuns: backend === 'pglite' ? 40 : 20 },
      );
      expect(await canary()).toEqual({ n: 3, notes: 'alive,alive,alive' });
    },
  );

  it('writes with hostile filters and bodies answer < 500 and leave the canary as it was', async () => {
    await fc.assert(
      fc.asyncProperty(hostile, hostile, fc.constantFrom('PATCH', 'DELETE', 'POST'), async (filter, value, method) => {
        const path = `/canary?id=${encodeURIComponent(filter)}&select=${encodeURIComponent(value)}`;
        const body = method === 'DELETE' ? undefined : JSON.stringify({ note: value });
        const res = await api(path, {
          method,
          body,
          headers: { 'content-type': 'application/json', Prefer: 'return=representation' },
        });
        await expectSafe(res, `${method} ${path}`);
      }),
      { seed: SEED, numRuns: backend === 'pglite' ? 40 : 20 },
    );
    expect(await canary()).toEqual({ n: 3, notes: 'alive,alive,alive' });
  });
});

describe('hostile bodies to the Data API', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ supabaseDir: FIXTURE });
  });
  afterAll(async () => {
    await stack?.destroy();
  });

  it('answers JSON nested thousands deep with 400 PGRST102, for inserts and rpc', async () => {
    const deep = `${'['.repeat(5000)}1${']'.repeat(5000)}`;
    for (const [path, body] of [
      ['/players', `{"name": ${deep}}`],
      ['/rpc/echo_body', deep],
      ['/players?name=eq.x', `{"motto": ${deep}}`],
    ] as const) {
      const res = await fetch(`${stack.url}/rest/v1${path}`, {
        method: path.includes('?') ? 'PATCH' : 'POST',
        headers: { apikey: stack.ctx.keys.anonKey, 'content-type': 'application/json' },
        body,
      });
      expect(res.status, path).toBe(400);
      expect(await res.json()).toEqual({
        code: 'PGRST102',
        message: 'Empty or invalid json',
        details: 'The JSON body is nested too deeply.',
        hint: null,
      });
    }
  });
});

describe.each(['pglite', 'postgres'] as const)('Data API bodies reach Postgres as sent, on %s', (backend) => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ supabaseDir: FIXTURE, postgres: backend === 'postgres' });
    // Before the first request, so the schema cache sees it.
    await stack.ctx.db.exec(`
      create table public.measures (id int primary key, big bigint, exact numeric, ratio float8, doc jsonb);
      alter table public.measures enable row level security;
      create policy "Anyone can use measures" on public.measures for all using (true) with check (true);
      grant select, insert, update on public.measures to anon;
      create function public.echo_big(p_big bigint, p_exact numeric) returns text
        language sql as $$ select p_big::text || ' ' || p_exact::text $$;
      grant execute on function public.echo_big(bigint, numeric) to anon;
    `);
  });
  afterAll(async () => {
    await stack?.destroy();
  });

  // Raw text bodies: supabase-js's JSON.stringify would already have rounded these numbers.
  const send = (path: string, method: string, body: string, prefer = 'return=representation') =>
    fetch(`${stack.url}/rest/v1${path}`, {
      method,
      headers: { apikey: stack.ctx.keys.anonKey, 'content-type': 'application/json', Prefer: prefer },
      body,
    });
  const stored = async (id: number) =>
    (
      await stack.ctx.db.query<{ big: string; exact: string; ratio: string | null; doc: string | null }>(
        `select big::text, exact::text, ratio::text, doc::text from public.measures where id = $1`,
        [id],
      )
    ).rows[0];

  it('stores big integers and long decimals exactly, in an object, an array and an update', async () => {
    const object = await send(
      '/measures',
      'POST',
      '{"id": 1, "big": 9007199254740993, "exact": 0.1000000000000000000001}',
    );
    expect(object.status).toBe(201);
    expect(await stored(1)).toMatchObject({ big: '9007199254740993', exact: '0.1000000000000000000001' });
    const array = await send(
      '/measures',
      'POST',
      '[{"id": 2, "big": 9223372036854775807, "exact": 1e400, "doc": {"n": 12345678901234567890}}]',
    );
    expect(array.status).toBe(201);
    const row = await stored(2);
    expect(row!.big).toBe('9223372036854775807');
    expect(row!.exact).toBe(`1${'0'.repeat(400)}`);
    expect(row!.doc).toBe('{"n": 12345678901234567890}');
    const update = await send('/measures?id=eq.1', 'PATCH', '{"big": -9007199254740995}');
    expect(update.status).toBe(200);
    expect((await stored(1))!.big).toBe('-9007199254740995');
    const withDefaults = await send(
      '/measures?columns=id,big,ratio',
      'POST',
      '{"id": 3, "big": 9007199254740997}',
      'return=minimal, missing=default',
    );
    expect(withDefaults.status).toBe(201);
    expect((await stored(3))!.big).toBe('9007199254740997');
    const rpc = await send('/rpc/echo_big', 'POST', '{"p_big": 9007199254740993, "p_exact": 2.00000000000000000001}');
    expect(rpc.status).toBe(200);
    expect(await rpc.json()).toBe('9007199254740993 2.00000000000000000001');
  });

  it("refuses 1e400 for a float column with 400 in PostgREST's shape, never null, never 5xx", async () => {
    for (const [method, path, body] of [
      ['POST', '/measures', '{"id": 10, "ratio": 1e400}'],
      ['POST', '/measures', '[{"id": 11, "ratio": 0.5}, {"id": 12, "ratio": -1e400}]'],
      ['PATCH', '/measures?id=eq.1', '{"ratio": 1e400}'],
      ['POST', '/measures', '{"id": 13, "big": 1e400}'],
    ] as const) {
      const res = await send(path, method, body);
      const json = await res.json();
      expect(res.status, `${method} ${body}: ${JSON.stringify(json)}`).toBe(400);
      expect(Object.keys(json).sort()).toEqual(['code', 'details', 'hint', 'message']);
      expect(json.code).toMatch(/^22/);
    }
    const rows = await stack.ctx.db.query(`select id from public.measures where id >= 10 or ratio is not null`);
    expect(rows.rows).toEqual([]);
  });

  it('still refuses bodies that are not an object or an array of objects, and malformed JSON', async () => {
    for (const body of ['1', '"x"', '[1]', 'null', '{"id": 1,', '', '{"id": 1} {"id": 2}']) {
      const res = await send('/measures', 'POST', body);
      expect(res.status, body).toBe(400);
      expect((await res.json()).code, body).toBe('PGRST102');
    }
  });
});
