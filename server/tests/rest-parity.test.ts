// PostgREST behaviours hosted Supabase has and supabase-js relies on, through supabase-js itself on
// PGlite and on Postgres: Prefer tx/max-affected/missing/handling, upsert statuses, CSV and plans,
// planned counts, max_rows, rpc resolution (single json body, overloads, scalar counts), and a second
// exposed schema.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { ROOT, startTestStack, type TestStack } from './helpers.ts';

const FIXTURE = join(ROOT, 'server/tests/fixtures/rest-parity');

/** supabase-js types maxAffected() for PostgREST 13 databases only; an untyped client gets it by hand. */
function maxAffected<T>(builder: T, rows: number): T {
  return (builder as unknown as { maxAffected(rows: number): T }).maxAffected(rows);
}

/** A Data API request with the anon key and nothing else of supabase-js's. */
function anonFetch(stack: TestStack, path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${stack.url}/rest/v1${path}`, {
    ...init,
    headers: { apikey: stack.ctx.keys.anonKey, ...(init.headers as Record<string, string>) },
  });
}

describe.each(['pglite', 'postgres'] as const)('PostgREST parity on %s', (backend) => {
  let stack: TestStack;
  let anon: SupabaseClient;

  const api = (path: string, init: RequestInit = {}) => anonFetch(stack, path, init);
  const names = async () => (await anon.from('players').select('name').order('id')).data!.map((r) => r.name);

  beforeAll(async () => {
    stack = await startTestStack({
      supabaseDir: FIXTURE,
      postgres: backend === 'postgres',
      apiSchemas: ['public', 'extra'],
      apiMaxRows: 50,
      apiPlanEnabled: true,
    });
    anon = stack.client();
  });
  afterAll(async () => {
    await stack?.destroy();
  });

  describe('Prefer: tx', () => {
    it('rolls back a write with tx=rollback and still answers what it would have written', async () => {
      const { data, error, status } = await anon
        .from('players')
        .insert({ name: 'Ghost' })
        .select('name, team')
        .rollback();
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(data).toEqual([{ name: 'Ghost', team: 'free agent' }]);
      expect(await names()).not.toContain('Ghost');
      const raw = await api('/players', {
        method: 'POST',
        headers: { 'content-type': 'application/json', Prefer: 'tx=rollback, return=minimal' },
        body: JSON.stringify({ name: 'Ghost 2' }),
      });
      expect(raw.headers.get('preference-applied')).toBe('return=minimal, tx=rollback');
      expect(await names()).not.toContain('Ghost 2');
    });

    it('commits with tx=commit', async () => {
      const { error } = await anon.from('players').insert({ name: 'Committed' });
      expect(error).toBeNull();
      const raw = await api('/players?name=eq.Committed', { method: 'DELETE', headers: { Prefer: 'tx=commit' } });
      expect(raw.status).toBe(204);
      expect(await names()).not.toContain('Committed');
    });
  });

  describe('Prefer: max-affected with handling=strict', () => {
    it('refuses and undoes an update that touches more rows than allowed (PGRST124)', async () => {
      const { error, status } = await maxAffected(
        anon.from('players').update({ motto: 'changed' }).eq('team', 'Red'),
        1,
      );
      expect(status).toBe(400);
      expect(error).toMatchObject({
        code: 'PGRST124',
        message: 'Query result exceeds max-affected preference constraint',
        details: 'The query affects 2 rows',
      });
      const { data } = await anon.from('players').select('motto').eq('team', 'Red');
      expect(data!.map((r) => r.motto)).not.toContain('changed');
    });

    it('allows a write within the limit, and ignores max-affected when handling is lenient', async () => {
      const within = await maxAffected(anon.from('players').update({ motto: 'pew' }).eq('name', 'Colt'), 1).select(
        'motto',
      );
      expect(within.error).toBeNull();
      expect(within.data).toEqual([{ motto: 'pew' }]);
      const lenient = await api('/players?team=eq.Red', {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', Prefer: 'max-affected=1' },
        body: JSON.stringify({ score: 11 }),
      });
      expect(lenient.status).toBe(204);
      const { data } = await anon.from('players').select('score').eq('team', 'Red');
      expect(data!.every((r) => r.score === 11)).toBe(true);
    });

    it('counts the rows an rpc returns against max-affected, and rolls the call back', async () => {
      const { error } = await maxAffected(anon.rpc('rename_team', { p_from: 'Red', p_to: 'Green' }), 1);
      expect(error?.code).toBe('PGRST124');
      expect((await anon.from('players').select('id').eq('team', 'Green')).data).toEqual([]);
    });

    it('refuses unknown preferences with handling=strict (PGRST122)', async () => {
      const res = await api('/players', { headers: { Prefer: 'handling=strict, foo, bar' } });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        code: 'PGRST122',
        message: 'Invalid preferences given with handling=strict',
        details: 'Invalid preferences: foo, bar',
        hint: null,
      });
      const lenient = await api('/players?select=id&limit=1', { headers: { Prefer: 'foo, bar' } });
      expect(lenient.status).toBe(200);
    });
  });

  describe('Prefer: missing=default', () => {
    it('gives rows that leave a column out its default, and keeps an explicit null', async () => {
      const { data, error, status } = await anon
        .from('players')
        .insert([{ name: 'Bull', team: 'Blue', motto: null }, { name: 'Jessie' }], { defaultToNull: false })
        .select('name, team, score, motto');
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(data).toEqual([
        { name: 'Bull', team: 'Blue', score: 7, motto: null },
        { name: 'Jessie', team: 'free agent', score: 7, motto: null },
      ]);
    });

    it('writes NULL for a missing key without it, as PostgREST does', async () => {
      const { error } = await anon
        .from('players')
        .insert([{ name: 'Nita', score: 1 }, { name: 'Brock' }])
        .select();
      // Brock has no score in the payload but score is one of the columns: NULL, not the default.
      expect(error).toBeNull();
      const { data } = await anon.from('players').select('score').eq('name', 'Brock').single();
      expect(data).toEqual({ score: null });
    });
  });

  describe('upsert', () => {
    it('answers 201 when it inserts and 200 when it only updates', async () => {
      const inserted = await anon
        .from('players')
        .upsert({ name: 'Spike', team: 'Green' }, { onConflict: 'name' })
        .select('name, team');
      expect(inserted.status).toBe(201);
      const updated = await anon
        .from('players')
        .upsert({ name: 'Spike', team: 'Blue' }, { onConflict: 'name' })
        .select('name, team');
      expect(updated.error).toBeNull();
      expect(updated.status).toBe(200);
      expect(updated.data).toEqual([{ name: 'Spike', team: 'Blue' }]);
      const mixed = await anon.from('players').upsert(
        [
          { name: 'Spike', team: 'Red' },
          { name: 'Crow', team: 'Red' },
        ],
        { onConflict: 'name' },
      );
      expect(mixed.status).toBe(201);
    });
  });

  describe('representations', () => {
    it('answers CSV for Accept: text/csv, quoted the way Postgres writes records', async () => {
      const { data, error } = await anon
        .from('players')
        .select('name, motto')
        .in('name', ['Shelly', 'Poco'])
        .order('id')
        .csv();
      expect(error).toBeNull();
      expect(data).toBe('name,motto\nShelly,"Boom, ""right"""\nPoco,"la, la"');
      const empty = await api('/players?select=name&name=eq.nobody', { headers: { Accept: 'text/csv' } });
      expect(empty.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(await empty.text()).toBe('\n');
    });

    it('explains the statement with Accept: application/vnd.pgrst.plan, as text or JSON', async () => {
      const text = await anon.from('players').select('name').eq('team', 'Blue').explain();
      expect(text.error).toBeNull();
      expect(String(text.data)).toMatch(/Scan on players|Scan using/);
      const json = await anon.from('players').select('name').explain({ format: 'json', analyze: true });
      expect(json.error).toBeNull();
      const plan = json.data as unknown as { Plan: { 'Node Type': string; 'Actual Rows'?: number } }[];
      expect(plan[0]!.Plan['Node Type']).toBeTruthy();
      expect(plan[0]!.Plan['Actual Rows']).toBeGreaterThanOrEqual(0);
    });
  });

  describe('JSON path operators', () => {
    it('selects, filters and orders on -> and ->> paths, naming each output after its last key', async () => {
      const { data, error } = await anon
        .from('player_stats')
        .select('player, stats->trophies, rank:stats->>rank, stats->brawlers->>0')
        .eq('stats->>rank', 'gold')
        .order('stats->trophies', { ascending: false });
      expect(error).toBeNull();
      expect(data).toEqual([
        { player: 'Poco', trophies: 1500, rank: 'gold', brawlers: null },
        { player: 'Shelly', trophies: 1200, rank: 'gold', brawlers: 'Shelly' },
      ]);
      const gt = await anon.from('player_stats').select('player').gt('stats->trophies', 1000).order('player');
      expect(gt.data).toEqual([{ player: 'Poco' }, { player: 'Shelly' }]);
    });

    it('refuses a malformed path with PGRST100', async () => {
      const res = await api('/player_stats?select=stats->');
      expect(res.status).toBe(400);
      expect((await res.json()).code).toBe('PGRST100');
    });
  });

  describe('counts and max_rows', () => {
    it('caps a read at max_rows, answering 206 with the exact total', async () => {
      await stack
        .service()
        .from('players')
        .insert(Array.from({ length: 60 }, (_, i) => ({ name: `Bot ${i}` })));
      const { data, count, status } = await anon.from('players').select('id', { count: 'exact' });
      expect(data).toHaveLength(50);
      expect(status).toBe(206);
      expect(count).toBeGreaterThan(50);
    });

    it('answers count=planned with the planner estimate, and HEAD with 206 when the estimate exceeds the page', async () => {
      const head = await api('/players?select=id&limit=1', { method: 'HEAD', headers: { Prefer: 'count=planned' } });
      expect([200, 206]).toContain(head.status);
      const range = head.headers.get('content-range')!;
      const total = Number(range.split('/')[1]);
      expect(Number.isInteger(total)).toBe(true);
      expect(head.status).toBe(total > 1 ? 206 : 200);
    });

    it('counts an rpc returning a scalar', async () => {
      const res = await api('/rpc/answer', { headers: { Prefer: 'count=exact' } });
      expect(await res.json()).toBe(42);
      expect(res.headers.get('content-range')).toBe('0-0/1');
      const { data, count } = await anon.rpc('answer', {}, { count: 'exact' });
      expect(data).toBe(42);
      expect(count).toBe(1);
    });
  });

  describe('rpc resolution', () => {
    it('passes the whole body to a function with one unnamed json parameter', async () => {
      const { data, error } = await anon.rpc('echo_body', { any: ['shape', 1], nested: { ok: true } });
      expect(error).toBeNull();
      expect(data).toEqual({ any: ['shape', 1], nested: { ok: true } });
      const array = await api('/rpc/echo_body', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '[1,2,3]',
      });
      expect(await array.json()).toEqual([1, 2, 3]);
    });

    it('answers 300 PGRST203 for overloads the arguments cannot choose between', async () => {
      const { error, status } = await anon.rpc('describe', { v: 1 });
      expect(status).toBe(300);
      expect(error).toMatchObject({
        code: 'PGRST203',
        hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
      });
      expect(error!.message).toBe(
        'Could not choose the best candidate function between: public.describe(v => integer), public.describe(v => text)',
      );
    });

    it('words PGRST202 as PostgREST does, with a hint', async () => {
      const { error, status } = await anon.rpc('players_of', { team: 'Red' });
      expect(status).toBe(404);
      expect(error).toEqual({
        code: 'PGRST202',
        message: 'Could not find the function public.players_of(team) in the schema cache',
        details:
          'Searched for the function public.players_of with parameter team or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
        hint: 'Perhaps you meant to call the function public.players_of(p_team)',
      });
      const get = await api('/rpc/answr');
      expect(await get.json()).toEqual({
        code: 'PGRST202',
        message: 'Could not find the function public.answr without parameters in the schema cache',
        details:
          'Searched for the function public.answr without parameters, but no matches were found in the schema cache.',
        hint: 'Perhaps you meant to call the function public.answer',
      });
    });
  });

  describe('schemas', () => {
    it('reads and writes a second schema named in [api] schemas with Accept-Profile / Content-Profile', async () => {
      const extra = anon.schema('extra');
      const { data, error } = await extra.from('notes').select('id, body');
      expect(error).toBeNull();
      expect(data).toEqual([{ id: 1, body: 'from the extra schema' }]);
      const insert = await extra.from('notes').insert({ id: 2, body: 'written' }).select('body').single();
      expect(insert.data).toEqual({ body: 'written' });
      // Without the profile the table is looked up in public, where it is not.
      const missing = await anon.from('notes').select('id');
      expect(missing.error?.code).toBe('PGRST205');
    });

    it('refuses a schema that is not exposed (PGRST106)', async () => {
      const { error, status } = await anon.schema('auth').from('users').select('id');
      expect(status).toBe(406);
      expect(error).toEqual({
        code: 'PGRST106',
        message: 'Invalid schema: auth',
        details: null,
        hint: 'Only the following schemas are exposed: public, extra',
      });
    });
  });
  // Reads that differ only in plain filter values share one plan (readShape, PlanCache in
  // server/rest/routes.ts): each must still answer for its own values.
  describe('the same read with other filter values', () => {
    const body = async (path: string, headers: Record<string, string> = {}) => {
      const res = await api(path, { headers });
      return { status: res.status, range: res.headers.get('content-range'), body: await res.json() };
    };

    it('answers each value, negated or not, at the root and in an embed', async () => {
      const one = (id: number, op = 'eq') => body(`/teams?select=id,name&id=${op}.${id}&order=id`);
      expect((await one(1)).body).toEqual([{ id: 1, name: 'Red' }]);
      expect((await one(2)).body).toEqual([{ id: 2, name: 'Blue' }]);
      expect((await one(9)).body).toEqual([]);
      expect((await one(2, 'not.eq')).body).toEqual([
        { id: 1, name: 'Red' },
        { id: 3, name: 'Empty' },
      ]);
      const member = (name: string) =>
        body(`/teams?select=name,members!members_team_id_fkey(name)&members.name=eq.${name}&id=lt.3&order=id`);
      expect((await member('Colt')).body).toEqual([
        { name: 'Red', members: [{ name: 'Colt' }] },
        { name: 'Blue', members: [] },
      ]);
      expect((await member('Poco')).body).toEqual([
        { name: 'Red', members: [] },
        { name: 'Blue', members: [{ name: 'Poco' }] },
      ]);
    });

    it('counts for each value, exactly and with the planner, and keeps like patterns apart', async () => {
      const exact = { Prefer: 'count=exact' };
      expect(await body('/teams?select=id&id=gt.1&order=id', exact)).toEqual({
        status: 200,
        range: '0-1/2',
        body: [{ id: 2 }, { id: 3 }],
      });
      expect(await body('/teams?select=id&id=gt.2&order=id', exact)).toEqual({
        status: 200,
        range: '0-0/1',
        body: [{ id: 3 }],
      });
      const planned = { Prefer: 'count=planned' };
      expect((await body('/teams?select=id&id=gte.2&order=id', planned)).body).toEqual([{ id: 2 }, { id: 3 }]);
      expect((await body('/teams?select=id&id=gte.3&order=id', planned)).body).toEqual([{ id: 3 }]);
      expect((await body('/teams?select=name&name=like.R*')).body).toEqual([{ name: 'Red' }]);
      expect((await body('/teams?select=name&name=like.B*')).body).toEqual([{ name: 'Blue' }]);
    });
  });
  // The Data API plans a GET once per request (PlanCache in server/rest/routes.ts): the same URL
  // with each header planning reads must still be planned, and answered, on its own.
  describe('the same URL with each planning header in turn', () => {
    const url = '/teams?select=id,name&order=id';
    const ask = async (headers: Record<string, string> = {}) => {
      const res = await api(url, { headers });
      return { status: res.status, range: res.headers.get('content-range'), body: await res.json() };
    };
    const all = [
      { id: 1, name: 'Red' },
      { id: 2, name: 'Blue' },
      { id: 3, name: 'Empty' },
    ];

    it('Prefer: count=exact counts, and the plain request after it does not', async () => {
      expect(await ask()).toEqual({ status: 200, range: '0-2/*', body: all });
      expect(await ask({ Prefer: 'count=exact' })).toEqual({ status: 200, range: '0-2/3', body: all });
      expect(await ask()).toEqual({ status: 200, range: '0-2/*', body: all });
    });

    it('Range narrows the page, and the plain request after it does not', async () => {
      expect(await ask({ Range: '1-1' })).toEqual({ status: 200, range: '1-1/*', body: [all[1]] });
      expect(await ask({ Range: '0-0' })).toEqual({ status: 200, range: '0-0/*', body: [all[0]] });
      expect(await ask()).toEqual({ status: 200, range: '0-2/*', body: all });
    });

    it('Accept: application/vnd.pgrst.object answers one object, or 406 for several rows', async () => {
      const object = { Accept: 'application/vnd.pgrst.object+json' };
      const one = await api('/teams?select=id,name&id=eq.2', { headers: object });
      expect(one.status).toBe(200);
      expect(await one.json()).toEqual(all[1]);
      expect(await (await api('/teams?select=id,name&id=eq.2')).json()).toEqual([all[1]]);
      expect((await ask(object)).status).toBe(406);
      expect(await ask()).toEqual({ status: 200, range: '0-2/*', body: all });
    });

    it('Accept-Profile reads the schema it names; without it the same URL reads public', async () => {
      const notes = '/notes?select=id';
      expect(await (await api(notes, { headers: { 'Accept-Profile': 'extra' } })).json()).toContainEqual({ id: 1 });
      expect((await api(notes)).status).toBe(404);
      expect((await api(notes, { headers: { 'Accept-Profile': 'extra' } })).status).toBe(200);
    });

    it('plans again after the schema changes', async () => {
      await stack.ctx.db.exec(
        `create table public.plan_probe (id int primary key); grant select on public.plan_probe to anon;
         insert into public.plan_probe values (1);`,
      );
      expect(await (await api('/plan_probe?select=*')).json()).toEqual([{ id: 1 }]);
      await stack.ctx.db.exec(`alter table public.plan_probe add column note text default 'added'`);
      // A column the old snapshot does not know reloads the schema (the way a cache miss does).
      expect(await (await api('/plan_probe?select=note')).json()).toEqual([{ note: 'added' }]);
      expect(await (await api('/plan_probe?select=*')).json()).toEqual([{ id: 1, note: 'added' }]);
    });
  });
});

describe.each(['pglite', 'postgres'] as const)('PostgREST embedding parity on %s', (backend) => {
  let stack: TestStack;
  let anon: SupabaseClient;

  beforeAll(async () => {
    stack = await startTestStack({ supabaseDir: FIXTURE, postgres: backend === 'postgres' });
    anon = stack.client();
  });
  afterAll(async () => {
    await stack?.destroy();
  });

  it('selects, filters and orders on a computed field, and leaves it out of *', async () => {
    const { data, error } = await anon
      .from('teams')
      .select('name, member_count')
      .gt('member_count', 0)
      .order('member_count', { ascending: false });
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Red', member_count: 2 },
      { name: 'Blue', member_count: 1 },
    ]);
    const star = await anon.from('members').select('*, label').eq('id', 2).single();
    expect(star.data).toEqual({ id: 2, team_id: 1, captain_of: null, name: 'Colt', label: 'Colt #2' });
  });

  it('embeds a computed relationship (a function of the row returning other rows)', async () => {
    const { data, error } = await anon.from('teams').select('name, players:roster(name)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Red', players: [{ name: 'Shelly' }, { name: 'Colt' }] },
      { name: 'Blue', players: [{ name: 'Poco' }] },
      { name: 'Empty', players: [] },
    ]);
  });

  it("embeds through views, both ways, using the base tables' keys", async () => {
    const up = await anon.from('member_view').select('name, team_view(name)').order('id');
    expect(up.error).toBeNull();
    expect(up.data).toEqual([
      { name: 'Shelly', team_view: { name: 'Red' } },
      { name: 'Colt', team_view: { name: 'Red' } },
      { name: 'Poco', team_view: { name: 'Blue' } },
    ]);
    const down = await anon.from('team_view').select('name, member_view(name)').eq('id', 2);
    expect(down.data).toEqual([{ name: 'Blue', member_view: [{ name: 'Poco' }] }]);
    const mixed = await anon.from('member_view').select('name, teams!members_team_id_fkey(name)').eq('id', 3).single();
    expect(mixed.data).toEqual({ name: 'Poco', teams: { name: 'Blue' } });
  });

  it('embeds by a foreign key name from the referenced side', async () => {
    const { data, error } = await anon.from('teams').select('name, captains:members_captain_of_fkey(name)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Red', captains: [{ name: 'Shelly' }] },
      { name: 'Blue', captains: [{ name: 'Poco' }] },
      { name: 'Empty', captains: [] },
    ]);
  });

  it('spreads a to-many embed into arrays', async () => {
    const { data, error } = await anon
      .from('teams')
      .select('name, ...members!members_team_id_fkey(member_names:name)')
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Red', member_names: ['Shelly', 'Colt'] },
      { name: 'Blue', member_names: ['Poco'] },
      { name: 'Empty', member_names: [] },
    ]);
  });

  it('leaves an empty embed out of the output while it still filters', async () => {
    const { data, error } = await anon
      .from('teams')
      .select('name, members!members_team_id_fkey()')
      .eq('members.name', 'Poco')
      .not('members', 'is', null);
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'Blue' }]);
  });

  it('refuses two embeds under one name (42712)', async () => {
    const { error, status } = await anon
      .from('teams')
      .select('name, members!members_team_id_fkey(name), members!members_captain_of_fkey(name)');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '42712', message: 'table name "teams_members_1" specified more than once' });
  });
});

// What postgrest-js's own test suite (bench/postgrest-js) found answered otherwise than PostgREST
// answers it, each case on a fixture of its own shape.
describe.each(['pglite', 'postgres'] as const)("cases from postgrest-js's suite on %s", (backend) => {
  let stack: TestStack;
  let anon: SupabaseClient;
  const api = (path: string, init: RequestInit = {}) => anonFetch(stack, path, init);

  beforeAll(async () => {
    stack = await startTestStack({
      supabaseDir: FIXTURE,
      postgres: backend === 'postgres',
      apiSchemas: ['public', 'extra'],
    });
    anon = stack.client();
  });
  afterAll(async () => {
    await stack?.destroy();
  });

  it('embeds a table by its name even where a function of the row returns it, and the function by its own name', async () => {
    const byKey = await anon.from('clubs').select('name, posts(body)').order('id');
    expect(byKey.error).toBeNull();
    expect(byKey.data).toEqual([
      { name: 'Brawlers', posts: [{ body: 'gg' }, { body: 'wp' }] },
      { name: 'Quiet', posts: [] },
    ]);
    const left = await anon.from('clubs').select('name, posts!left(body)').eq('id', 2);
    expect(left.data).toEqual([{ name: 'Quiet', posts: [] }]);
    const byFunction = await anon.from('clubs').select('name, club_posts(id)').eq('id', 1).single();
    expect(byFunction.data).toEqual({ name: 'Brawlers', club_posts: [{ id: 1 }, { id: 2 }] });
  });

  it("embeds a table's key to itself as its children, by name or by the key's column, and its parent by the column alone", async () => {
    const children = await anon.from('folders').select('name, folders(name)').eq('id', 1).single();
    expect(children.data).toEqual({ name: 'root', folders: [{ name: 'maps' }, { name: 'modes' }] });
    const hinted = await anon.from('folders').select('name, folders!parent_id(name)').eq('id', 1).single();
    expect(hinted.data).toEqual(children.data);
    const parent = await anon.from('folders').select('name, parent_id(name)').eq('id', 2).single();
    expect(parent.data).toEqual({ name: 'maps', parent_id: { name: 'root' } });
    // PostgREST cannot tell the two apart by the constraint's name (supabase-js#2517).
    const byConstraint = await anon.from('folders').select('name, folders!folders_parent_id_fkey(name)');
    expect(byConstraint.status).toBe(400);
    expect(byConstraint.error).toEqual({
      code: 'PGRST200',
      message: "Could not find a relationship between 'folders' and 'folders' in the schema cache",
      details:
        "Searched for a foreign key relationship between 'folders' and 'folders' using the hint 'folders_parent_id_fkey' in the schema 'public', but no matches were found.",
      hint: null,
    });
  });

  it('names an unknown column of an embed by its alias in the statement (messages_1)', async () => {
    const { error, status } = await anon.from('clubs').select('name, posts(nope)');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '42703', message: 'column posts_1.nope does not exist' });
  });

  it('calls a function whose one unnamed parameter takes the whole body, and no other unnamed one', async () => {
    const text = await anon.rpc('unnamed_text', { '': 'hi' });
    expect(text.error).toBeNull();
    expect(text.data).toBe('text: {"":"hi"}');
    const int = await anon.rpc('unnamed_int', { '': 1 });
    expect(int.status).toBe(404);
    expect(int.error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.unnamed_int() in the schema cache',
      details:
        'Searched for the function public.unnamed_int with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.unnamed_text',
    });
  });

  it('answers 300 PGRST203 for overloads an unnamed default leaves open, and calls the one the body picks', async () => {
    const open = await anon.rpc('maybe_unnamed');
    expect(open.status).toBe(300);
    expect(open.error).toMatchObject({
      code: 'PGRST203',
      message:
        'Could not choose the best candidate function between: public.maybe_unnamed(), public.maybe_unnamed( => text)',
    });
    const picked = await anon.rpc('maybe_unnamed', { '': 'y' });
    expect(picked.data).toBe('text');
  });

  it('answers an ignore-duplicates upsert that inserts nothing with 201, as PostgREST does', async () => {
    const first = await anon.from('players').upsert({ name: 'Echo' }, { onConflict: 'name', ignoreDuplicates: true });
    expect(first.status).toBe(201);
    const again = await anon
      .from('players')
      .upsert({ name: 'Echo' }, { onConflict: 'name', ignoreDuplicates: true })
      .select('name');
    expect(again.status).toBe(201);
    expect(again.data).toEqual([]);
  });

  it("runs a function of the request's schema with that schema first on the search_path", async () => {
    const { data, error } = await anon.schema('extra').rpc('total');
    expect(error).toBeNull();
    expect(data).toBe(12);
  });

  describe("PostgREST's in-database configuration (pgrst.* on the authenticator role)", () => {
    /** Sets (or, with null, resets) settings for this test database only, then tells the Data API. */
    const configure = async (settings: Record<string, string | null>) => {
      const { rows } = await stack.ctx.db.query<{ db: string }>('select current_database() as db');
      const db = `"${rows[0]!.db.replaceAll('"', '""')}"`;
      for (const [key, value] of Object.entries(settings)) {
        await stack.ctx.db.query(
          value === null
            ? `alter role authenticator in database ${db} reset pgrst.${key}`
            : `alter role authenticator in database ${db} set pgrst.${key} = '${value}'`,
        );
      }
      await stack.ctx.db.query(`notify pgrst, 'reload config'`);
    };

    it('refuses aggregates (400 PGRST123) until db_aggregates_enabled, then counts and sums', async () => {
      const off = await anon.from('posts').select('likes.sum()');
      expect(off.status).toBe(400);
      expect(off.error).toEqual({
        code: 'PGRST123',
        message: 'Use of aggregate functions is not allowed',
        details: null,
        hint: null,
      });
      expect((await anon.from('clubs').select('name, posts(count)')).error?.code).toBe('PGRST123');
      await configure({ db_aggregates_enabled: 'true' });
      await vi.waitFor(async () => expect((await anon.from('posts').select('likes.sum()')).data).toEqual([{ sum: 7 }]));
      const counted = await anon.from('clubs').select('name, posts(total:count())').order('id');
      expect(counted.data).toEqual([
        { name: 'Brawlers', posts: [{ total: 2 }] },
        { name: 'Quiet', posts: [{ total: 0 }] },
      ]);
      await configure({ db_aggregates_enabled: null });
      await vi.waitFor(async () => expect((await anon.from('posts').select('count()')).status).toBe(400));
    });

    it('reads db_max_rows, db_schemas and db_tx_end, and config.toml applies again once they are reset', async () => {
      await configure({ db_max_rows: '1', db_schemas: 'public', db_tx_end: 'rollback' });
      await vi.waitFor(async () => expect((await anon.from('players').select('name')).data).toHaveLength(1));
      const extra = await api('/notes', { headers: { 'Accept-Profile': 'extra' } });
      expect(extra.status).toBe(406);
      expect(await extra.json()).toMatchObject({
        code: 'PGRST106',
        hint: 'Only the following schemas are exposed: public',
      });
      // db_tx_end=rollback: answered as written, never committed; Prefer: tx cannot override it.
      const written = await api('/players', {
        method: 'POST',
        headers: { 'content-type': 'application/json', Prefer: 'return=representation, tx=commit' },
        body: JSON.stringify({ name: 'Ghost of config' }),
      });
      expect(written.status).toBe(201);
      expect(written.headers.get('preference-applied')).toBe('return=representation');
      await configure({ db_max_rows: null, db_schemas: null, db_tx_end: null });
      await vi.waitFor(async () => expect((await anon.from('players').select('name')).data!.length).toBeGreaterThan(1));
      expect((await anon.from('players').select('name').eq('name', 'Ghost of config')).data).toEqual([]);
      expect((await anon.schema('extra').from('notes').select('id')).data).toEqual([{ id: 1 }]);
    });
  });
});

// `[api] auto_expose_new_tables` in config.toml: unset, the Supabase CLI keeps the default grants
// to the API roles; false (BrawlCup's config.toml, and hosted's 2026 default) revokes them.
describe.each(['pglite', 'postgres'] as const)('auto_expose_new_tables on %s', (backend) => {
  it('grants new tables to the API roles when true, and to none when false', async () => {
    for (const expose of [true, false]) {
      const stack = await startTestStack({
        supabaseDir: FIXTURE,
        postgres: backend === 'postgres',
        apiAutoExposeNewTables: expose,
      });
      try {
        const { data, error, status } = await stack.client().from('ungranted').select('id');
        if (expose) expect({ data, error }).toEqual({ data: [{ id: 1 }], error: null });
        else {
          expect(status).toBe(401);
          expect(error).toMatchObject({ code: '42501', message: 'permission denied for table ungranted' });
        }
      } finally {
        await stack.destroy();
      }
    }
  });
});
