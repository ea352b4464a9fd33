// The operator's studio at /studio, as its page and a client see it: listing, paging, sorting,
// filtering, typed writes, readable database errors, and the guards of keyless service-role access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'node:http';
import { join } from 'node:path';
import { ROOT, startTestStack, type TestStack } from './helpers.ts';

const FIXTURE = join(ROOT, 'server/tests/fixtures/studio-supabase');
const ODD = 'Odd "Name" table';

interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  headers: Headers;
}

function studio(stack: TestStack) {
  async function call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Answer> {
    const res = await fetch(`${stack.url}/studio/api${path}`, {
      method,
      headers: { 'X-Studio': '1', ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: the test asserting on it will say so
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }
  const table = (schema: string, name: string) => `/tables/${encodeURIComponent(schema)}/${encodeURIComponent(name)}`;
  return {
    call,
    rows: (name: string, query = '', schema = 'public') =>
      call('GET', `${table(schema, name)}/rows${query ? `?${query}` : ''}`),
    insert: (name: string, values: unknown, schema = 'public') =>
      call('POST', `${table(schema, name)}/rows`, { values }),
    update: (name: string, key: unknown, values: unknown) =>
      call('PATCH', `${table('public', name)}/rows`, { key, values }),
    remove: (name: string, key: unknown) => call('DELETE', `${table('public', name)}/rows`, { key }),
  };
}

/** node:http, because fetch will not let a test choose the Host header. */
function raw(url: string, options: { method?: string; path: string; headers?: Record<string, string>; body?: string }) {
  const { hostname, port } = new URL(url);
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      { host: hostname, port, method: options.method ?? 'GET', path: options.path, headers: options.headers },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

describe.each([['pglite'], ['postgres']] as const)('the studio on %s', (backend) => {
  let stack: TestStack;
  let api: ReturnType<typeof studio>;

  beforeAll(async () => {
    stack = await startTestStack({ supabaseDir: FIXTURE, postgres: backend === 'postgres' });
    api = studio(stack);
    await stack.ctx.db.query(
      `insert into auth.users (id, email, raw_app_meta_data, encrypted_password)
       values ('00000000-0000-4000-8000-00000000000a', 'boss@example.com', '{"role": "admin"}', 'secret-hash'),
              ('00000000-0000-4000-8000-00000000000b', 'player@example.com', '{}', 'secret-hash')`,
    );
  });
  afterAll(async () => {
    await stack?.destroy();
  });

  it('serves the page with the table list, its script and its styles', async () => {
    const res = await fetch(`${stack.url}/studio`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    for (const name of ['cups', 'numbers', 'entries', 'log_lines', 'users'])
      expect(html).toContain(`<span class="name">${name}</span>`);
    expect(html).toContain('<span class="name">Odd &quot;Name&quot; table</span>');
    expect(html).toMatch(/<span class="name">numbers<\/span><span class="count"[^>]*>120<\/span>/);
    expect(html).toContain('src="/studio/assets/studio.js"');

    const js = await fetch(`${stack.url}/studio/assets/studio.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/^text\/javascript/);
    // The TypeScript source, compiled: the request header is there, the type annotations are not.
    const script = await js.text();
    expect(script).toMatch(/["']X-Studio["']: ["']1["']/);
    expect(script).not.toContain('interface TableInfo');
    const css = await fetch(`${stack.url}/studio/assets/studio.css`);
    expect(css.status).toBe(200);
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect((await fetch(`${stack.url}/studio/assets/..%2Froutes.ts`)).status).toBe(404);
  });

  it('lists the public tables and auth.users with row counts', async () => {
    const { status, body } = await api.call('GET', '/tables');
    expect(status).toBe(200);
    const byName = Object.fromEntries(
      body.tables.map((t: { schema: string; name: string }) => [`${t.schema}.${t.name}`, t]),
    );
    expect(Object.keys(byName)).toEqual(
      expect.arrayContaining([
        'public.cups',
        'public.entries',
        'public.numbers',
        'public.log_lines',
        `public.${ODD}`,
        'auth.users',
      ]),
    );
    expect(byName['public.numbers']).toMatchObject({ rows: 120, primaryKey: ['n'], readOnly: false });
    expect(byName['public.entries']).toMatchObject({ primaryKey: ['cup_id', 'slot'], rls: true });
    expect(byName['public.log_lines']).toMatchObject({ primaryKey: [] });
    expect(byName['public.secret_stuff']).toMatchObject({ rows: null, canSelect: false });
    const users = await stack.ctx.db.query<{ n: number }>('select count(*)::int as n from auth.users');
    expect(byName['auth.users']).toMatchObject({ rows: users.rows[0]!.n, readOnly: true });
  });

  it('describes columns with their types', async () => {
    const { status, body } = await api.call('GET', '/tables/public/cups');
    expect(status).toBe(200);
    const cols = Object.fromEntries(body.table.columns.map((c: { name: string }) => [c.name, c]));
    expect(cols.id).toMatchObject({
      type: 'uuid',
      kind: 'uuid',
      primaryKey: true,
      nullable: false,
      default: 'gen_random_uuid()',
    });
    expect(cols.slots).toMatchObject({ type: 'integer', kind: 'integer' });
    expect(cols.open).toMatchObject({ type: 'boolean', kind: 'boolean', default: 'true' });
    expect(cols.size).toMatchObject({ kind: 'enum', enumValues: ['1v1', '2v2', '3v3'] });
    expect(cols.settings).toMatchObject({ type: 'jsonb', kind: 'json', nullable: true });
    expect(cols.starts_at).toMatchObject({ type: 'timestamp with time zone', kind: 'timestamp' });
    const numbers = await api.call('GET', '/tables/public/numbers');
    expect(numbers.body.table.columns.find((c: { name: string }) => c.name === 'doubled')).toMatchObject({
      writable: false,
    });
  });

  it('pages, sorts and filters rows', async () => {
    const first = await api.rows('numbers');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 120, page: 1, pageSize: 50, pages: 3 });
    expect(first.body.rows).toHaveLength(50);
    expect(first.body.rows[0]).toEqual({ n: '1', label: 'number 1', doubled: '2' });

    const last = await api.rows('numbers', 'page=3');
    expect(last.body.rows.map((r: { n: string }) => r.n)).toEqual(
      Array.from({ length: 20 }, (_, i) => String(101 + i)),
    );
    expect((await api.rows('numbers', 'page=9')).body.rows).toEqual([]);

    const desc = await api.rows('numbers', 'sort=n&dir=desc');
    expect(desc.body.rows[0].n).toBe('120');
    // NULL labels (every tenth number) sort last, whichever the direction.
    const byLabel = await api.rows('numbers', 'sort=label&dir=desc&page=3');
    expect(byLabel.body.rows.slice(-12).every((r: { label: string | null }) => r.label === null)).toBe(true);

    const eq = await api.rows('numbers', 'filter_col=label&filter_val=number%207');
    expect(eq.body).toMatchObject({ count: 1, pages: 1 });
    expect(eq.body.rows).toEqual([{ n: '7', label: 'number 7', doubled: '14' }]);
    const byInt = await api.rows('numbers', 'filter_col=doubled&filter_val=84');
    expect(byInt.body.rows.map((r: { n: string }) => r.n)).toEqual(['42']);
    const nulls = await api.rows('numbers', 'filter_col=label&filter_op=is_null');
    expect(nulls.body.count).toBe(12);
    const notNull = await api.rows('numbers', 'filter_col=label&filter_op=not_null&sort=n&dir=desc');
    expect(notNull.body).toMatchObject({ count: 108 });
    expect(notNull.body.rows[0].n).toBe('119');
  });

  it('inserts, edits and deletes rows by primary key, with typed values and NULLs', async () => {
    const created = await api.insert('cups', {
      name: 'Friday Cup',
      slots: 8,
      open: false,
      size: '3v3',
      settings: { bestOf: 3, maps: ['Gem Fort'] },
      starts_at: '2026-06-05 18:00:00+00',
    });
    expect(created.status).toBe(201);
    const cup = created.body.row;
    expect(cup).toMatchObject({
      name: 'Friday Cup',
      slots: '8',
      open: 'false',
      size: '3v3',
      settings: '{"maps": ["Gem Fort"], "bestOf": 3}',
    });
    expect(cup.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(cup.starts_at).toISOString()).toBe('2026-06-05T18:00:00.000Z');

    // Defaults apply to what is left out; text values are typed by the column.
    const defaults = await api.insert('cups', { name: 'Default Cup', slots: '16' });
    expect(defaults.status).toBe(201);
    expect(defaults.body.row).toMatchObject({ open: 'true', size: '1v1', settings: null, starts_at: null });

    const edited = await api.update(
      'cups',
      { id: cup.id },
      { slots: '12', open: 'true', settings: null, starts_at: null },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.row).toMatchObject({
      id: cup.id,
      slots: '12',
      open: 'true',
      settings: null,
      starts_at: null,
      name: 'Friday Cup',
    });

    const found = await api.rows('cups', `filter_col=id&filter_val=${cup.id}`);
    expect(found.body.rows).toEqual([edited.body.row]);

    // A composite key.
    await api.insert('entries', { cup_id: cup.id, slot: 1, player: 'Nova' });
    const entry = await api.update('entries', { cup_id: cup.id, slot: '1' }, { player: 'Nova Strike' });
    expect(entry.body.row).toEqual({ cup_id: cup.id, slot: '1', player: 'Nova Strike' });
    expect((await api.remove('entries', { cup_id: cup.id, slot: 1 })).status).toBe(200);

    const deleted = await api.remove('cups', { id: cup.id });
    expect(deleted.status).toBe(200);
    expect(deleted.body.row.id).toBe(cup.id);
    const again = await api.remove('cups', { id: cup.id });
    expect(again.status).toBe(404);
    expect(again.body.message).toMatch(/not there any more/);
    expect((await api.update('cups', { id: cup.id }, { slots: 3 })).status).toBe(404);
  });

  it('reads and writes tables whose names need quoting', async () => {
    const created = await api.insert(ODD, { 'weird col;drop': 'a"b\'c', select: 5 });
    expect(created.status).toBe(201);
    expect(created.body.row).toEqual({ 'weird col;drop': 'a"b\'c', select: '5' });
    const found = await api.rows(
      ODD,
      `sort=select&filter_col=${encodeURIComponent('weird col;drop')}&filter_val=${encodeURIComponent('a"b\'c')}`,
    );
    expect(found.body.rows).toHaveLength(1);
    expect((await api.update(ODD, { 'weird col;drop': 'a"b\'c' }, { select: null })).body.row.select).toBeNull();
    expect((await api.remove(ODD, { 'weird col;drop': 'a"b\'c' })).status).toBe(200);
  });

  it('answers constraint violations and bad values with readable 400s', async () => {
    const base = await api.insert('cups', { name: 'Unique Cup', slots: 4 });
    expect(base.status).toBe(201);

    const duplicate = await api.insert('cups', { name: 'Unique Cup', slots: 4 });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body).toMatchObject({ error: 'unique_violation', constraint: 'cups_name_key' });
    expect(duplicate.body.message).toBe(
      'Another row already has name = Unique Cup; it must be unique (cups_name_key).',
    );

    const check = await api.insert('cups', { name: 'Zero Cup', slots: 0 });
    expect(check.status).toBe(400);
    expect(check.body).toMatchObject({ error: 'check_violation', constraint: 'cups_slots_positive' });
    expect(check.body.message).toBe('The row breaks the rule cups_slots_positive: CHECK ((slots > 0)).');

    const notNull = await api.insert('cups', { name: 'No Slots Cup', slots: null });
    expect(notNull).toMatchObject({
      status: 400,
      body: { error: 'not_null_violation', message: 'slots cannot be NULL: give it a value.' },
    });

    const orphan = await api.insert('entries', {
      cup_id: '00000000-0000-4000-8000-000000000999',
      slot: 1,
      player: 'X',
    });
    expect(orphan.status).toBe(400);
    expect(orphan.body.error).toBe('foreign_key_violation');
    expect(orphan.body.message).toMatch(/^No row in cups has cup_id = 00000000-0000-4000-8000-000000000999/);

    await api.insert('entries', { cup_id: base.body.row.id, slot: 2, player: 'Y' });
    const referenced = await api.remove('cups', { id: base.body.row.id });
    expect(referenced.status).toBe(400);
    expect(referenced.body.message).toMatch(/^Rows in entries still point at this row/);

    const badInt = await api.insert('cups', { name: 'Bad Cup', slots: 'ten' });
    expect(badInt).toMatchObject({
      status: 400,
      body: { error: 'invalid_value', column: 'slots', message: 'slots expects a whole number, not "ten".' },
    });
    const badBool = await api.update('cups', { id: base.body.row.id }, { open: 'maybe' });
    expect(badBool.body).toMatchObject({ error: 'invalid_value', message: 'open expects true or false, not "maybe".' });
    const badJson = await api.update('cups', { id: base.body.row.id }, { settings: '{oops' });
    expect(badJson.body.error).toBe('invalid_value');
    expect(badJson.body.message).toMatch(/^settings expects JSON/);
    const badEnum = await api.update('cups', { id: base.body.row.id }, { size: '5v5' });
    expect(badEnum.body.message).toBe('size expects one of 1v1, 2v2, 3v3.');
    const badTime = await api.update('cups', { id: base.body.row.id }, { starts_at: 'next friday' });
    expect(badTime.status).toBe(400);
    expect(badTime.body.error).toBe('invalid_value');
    expect(badTime.body.message).toMatch(/timestamp with time zone: "next friday"/);
    const generated = await api.update('numbers', { n: 1 }, { doubled: 5 });
    expect(generated).toMatchObject({
      status: 400,
      body: { message: 'doubled is generated by the database and cannot be set.' },
    });
    const badFilter = await api.rows('numbers', 'filter_col=n&filter_val=abc');
    expect(badFilter).toMatchObject({ status: 400, body: { error: 'invalid_value' } });

    const noKey = await api.update('log_lines', { at: 'now' }, { line: 'x' });
    expect(noKey).toMatchObject({ status: 400, body: { error: 'read_only' } });
    expect((await api.insert('log_lines', { line: 'kept' })).status).toBe(201);

    const denied = await api.rows('secret_stuff');
    expect(denied).toMatchObject({ status: 403, body: { error: 'permission_denied' } });
    expect(denied.body.message).toMatch(/^Permission denied for table secret_stuff/);
  });

  it('shows auth.users read-only, without secrets', async () => {
    const users = await api.rows('users', 'sort=email&filter_col=last_sign_in_at&filter_op=is_null', 'auth');
    expect(users.status).toBe(200);
    expect(users.body.table.columns.map((c: { name: string }) => c.name)).toEqual([
      'id',
      'email',
      'created_at',
      'last_sign_in_at',
      'app_metadata.role',
    ]);
    expect(users.body.rows.filter((r: { email: string }) => r.email.endsWith('@example.com'))).toEqual([
      expect.objectContaining({ email: 'boss@example.com', 'app_metadata.role': 'admin', last_sign_in_at: null }),
      expect.objectContaining({ email: 'player@example.com', 'app_metadata.role': null }),
    ]);
    expect(JSON.stringify(users.body)).not.toContain('secret-hash');
    const admins = await api.rows(
      'users',
      `filter_col=${encodeURIComponent('app_metadata.role')}&filter_val=admin`,
      'auth',
    );
    expect(admins.body.rows.map((r: { email: string }) => r.email)).toContain('boss@example.com');
    expect(admins.body.rows.map((r: { email: string }) => r.email)).not.toContain('player@example.com');
    const write = await api.insert('users', { email: 'new@example.com' }, 'auth');
    expect(write).toMatchObject({ status: 400, body: { error: 'read_only' } });
    expect((await api.rows('sessions', '', 'auth')).status).toBe(404);
  });

  it('refuses unknown tables and injection attempts without a 500', async () => {
    expect(await api.rows('nope')).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect((await api.rows('pg_authid', '', 'pg_catalog')).status).toBe(404);
    expect((await api.rows('numbers; drop table numbers')).status).toBe(404);
    expect((await api.call('GET', '/tables/public/numbers%22%3B%20drop%20table%20numbers%3B--/rows')).status).toBe(404);

    const attempts = [
      'sort=n%3B%20drop%20table%20numbers',
      'sort=n%22%20desc%2C%20%22n',
      'filter_col=%22n%22%20or%201%3D1%20--&filter_val=1',
      'filter_col=n&filter_op=or&filter_val=1',
      'dir=desc%3B%20drop%20table%20numbers',
      'page=1%3Bselect',
      'page=0',
    ];
    for (const query of attempts) {
      const res = await api.rows('numbers', query);
      expect(res.status, query).toBe(400);
      expect(res.body.error, query).toBe('invalid_request');
    }
    const badColumn = await api.insert('numbers', { 'n) values (1); drop table numbers; --': 1 });
    expect(badColumn).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
    const badKey = await api.update('numbers', { 'n = n or true; --': 1 }, { label: 'x' });
    expect(badKey.status).toBe(400);
    const partialKey = await api.update('entries', { slot: 1 }, { player: 'x' });
    expect(partialKey).toMatchObject({
      status: 400,
      body: { message: '"key" must name the primary key exactly: cup_id, slot.' },
    });
    const noBody = await api.call('POST', '/tables/public/numbers/rows', '{not json');
    expect(noBody).toMatchObject({ status: 400, body: { error: 'invalid_request' } });

    // Values are parameters: quotes in them match nothing and change nothing.
    const value = await api.rows('numbers', `filter_col=label&filter_val=${encodeURIComponent("x' or '1'='1")}`);
    expect(value.body.count).toBe(0);
    expect((await api.rows('numbers')).body.count).toBe(120);
    expect((await api.call('GET', '/nowhere')).status).toBe(404);
  });

  it('answers only to this machine: a foreign Host header is refused', async () => {
    const evil = await raw(stack.url, { path: '/studio', headers: { Host: 'evil.example' } });
    expect(evil.status).toBe(404);
    expect(JSON.parse(evil.body)).toMatchObject({ error: 'not_found' });
    const rebound = await raw(stack.url, {
      path: '/studio/api/tables',
      headers: { Host: 'evil.example:3000', 'X-Studio': '1' },
    });
    expect(rebound.status).toBe(404);
    const asset = await raw(stack.url, { path: '/studio/assets/studio.js', headers: { Host: 'studio.evil.example' } });
    expect(asset.status).toBe(404);
    const local = await raw(stack.url, { path: '/studio', headers: { Host: `localhost:${stack.port}` } });
    expect(local.status).toBe(200);
  });

  it('refuses cross-site API calls and calls without X-Studio', async () => {
    const before = (await api.rows('log_lines')).body.count;
    const foreign = await api.call(
      'POST',
      '/tables/public/log_lines/rows',
      { values: { line: 'csrf' } },
      { Origin: 'https://evil.example' },
    );
    expect(foreign).toMatchObject({ status: 403, body: { error: 'forbidden' } });
    const otherPort = await api.call(
      'DELETE',
      '/tables/public/numbers/rows',
      { key: { n: 1 } },
      { Origin: 'http://127.0.0.1:1' },
    );
    expect(otherPort.status).toBe(403);
    const crossSite = await api.call(
      'PATCH',
      '/tables/public/numbers/rows',
      { key: { n: 1 }, values: { label: 'x' } },
      { 'Sec-Fetch-Site': 'cross-site' },
    );
    expect(crossSite.status).toBe(403);

    // What a foreign page's <form method=post> can send: no custom header.
    const form = await fetch(`${stack.url}/studio/api/tables/public/log_lines/rows`, {
      method: 'POST',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ values: { line: 'csrf' } }),
    });
    expect(form.status).toBe(403);
    const read = await fetch(`${stack.url}/studio/api/tables`);
    expect(read.status).toBe(403);
    const preflight = await fetch(`${stack.url}/studio/api/tables/public/log_lines/rows`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://evil.example',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'x-studio',
      },
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect((await api.rows('log_lines')).body.count).toBe(before);

    const sameOrigin = await api.call(
      'POST',
      '/tables/public/log_lines/rows',
      { values: { line: 'same origin' } },
      { Origin: stack.url, 'Sec-Fetch-Site': 'same-origin' },
    );
    expect(sameOrigin.status).toBe(201);
  });
});

describe('the studio on the project schema', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.destroy();
  });

  it('lists the project tables', async () => {
    const res = await fetch(`${stack.url}/studio/api/tables`, { headers: { 'X-Studio': '1' } });
    expect(res.status).toBe(200);
    const { tables } = (await res.json()) as { tables: { schema: string; name: string; rows: number | null }[] };
    const names = tables.map((t) => `${t.schema}.${t.name}`);
    expect(names).toEqual(expect.arrayContaining(['public.profiles', 'public.tournaments', 'auth.users']));
    expect(tables.every((t) => typeof t.rows === 'number')).toBe(true);
    const rows = await fetch(`${stack.url}/studio/api/tables/public/tournaments/rows?sort=name`, {
      headers: { 'X-Studio': '1' },
    });
    expect(rows.status).toBe(200);
  });
});
