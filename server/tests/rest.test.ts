// The Data API as supabase-js sees it, on PGlite and on a real Postgres: RLS per caller, every
// select/filter/embed/count/single path, mutations, rpc, and the error codes and statuses.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { ROOT, makeClient, startTestStack, testEmail, type TestStack } from './helpers.ts';

const FIXTURE = join(ROOT, 'server/tests/fixtures/rest-supabase');

interface User {
  id: string;
  email: string;
  token: string;
  client: SupabaseClient;
}

async function makeUser(stack: TestStack, prefix: string): Promise<User> {
  const email = testEmail(prefix);
  const { rows } = await stack.ctx.db.query<{ id: string }>(
    `insert into auth.users (id, email, email_confirmed_at) values (gen_random_uuid(), $1, now()) returning id::text`,
    [email],
  );
  const id = rows[0]!.id;
  const token = await stack.ctx.keys.jwt.sign({ sub: id, role: 'authenticated', email, aud: 'authenticated' }, 3600);
  return { id, email, token, client: makeClient(stack.url, token) };
}

describe.each(['pglite', 'postgres'] as const)('Data API on %s', (backend) => {
  let stack: TestStack;
  let anon: SupabaseClient;
  let service: SupabaseClient;
  let alice: User;
  let bob: User;

  /** A raw request with the anon key unless headers say otherwise. */
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${stack.url}/rest/v1${path}`, {
      ...init,
      headers: { apikey: stack.ctx.keys.anonKey, ...(init.headers as Record<string, string>) },
    });

  beforeAll(async () => {
    stack = await startTestStack({ supabaseDir: FIXTURE, postgres: backend === 'postgres' });
    anon = stack.client();
    service = stack.service();
    alice = await makeUser(stack, 'alice');
    bob = await makeUser(stack, 'bob');
  });
  afterAll(async () => {
    await stack?.destroy();
  });

  describe('row level security', () => {
    it('lets a player write and read their own notes, and hides them from others', async () => {
      const { data, error, status } = await alice.client
        .from('notes')
        .insert({ title: 'secret plan', body: 'win' })
        .select('id, title, owner')
        .single();
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(data).toMatchObject({ title: 'secret plan', owner: alice.id });

      expect((await alice.client.from('notes').select('title').eq('id', data!.id)).data).toEqual([
        { title: 'secret plan' },
      ]);
      expect((await bob.client.from('notes').select('title').eq('id', data!.id)).data).toEqual([]);
      expect((await anon.from('notes').select('title').eq('id', data!.id)).data).toEqual([]);
    });

    it('refuses a note written for someone else with 42501 (403 signed in, 401 anon)', async () => {
      const asBob = await bob.client.from('notes').insert({ title: 'forged', owner: alice.id });
      expect(asBob.error?.code).toBe('42501');
      expect(asBob.status).toBe(403);
      const asAnon = await anon.from('notes').insert({ title: 'forged', owner: alice.id });
      expect(asAnon.error?.code).toBe('42501');
      expect(asAnon.status).toBe(401);
    });

    it('filters updates and deletes to the rows the policy allows', async () => {
      const { data: note } = await alice.client.from('notes').insert({ title: 'mine' }).select().single();
      const byBob = await bob.client.from('notes').update({ title: 'hacked' }).eq('id', note!.id).select();
      expect(byBob.error).toBeNull();
      expect(byBob.data).toEqual([]);
      const delByBob = await bob.client.from('notes').delete().eq('id', note!.id).select();
      expect(delByBob.data).toEqual([]);

      const byAlice = await alice.client.from('notes').update({ title: 'renamed' }).eq('id', note!.id).select('title');
      expect(byAlice.status).toBe(200);
      expect(byAlice.data).toEqual([{ title: 'renamed' }]);
      const quiet = await alice.client.from('notes').update({ body: 'x' }).eq('id', note!.id);
      expect(quiet.status).toBe(204);
      expect(quiet.data).toBeNull();
      const deleted = await alice.client.from('notes').delete().eq('id', note!.id);
      expect(deleted.status).toBe(204);
      expect((await alice.client.from('notes').select().eq('id', note!.id)).data).toEqual([]);
    });

    it('shows public notes to everyone', async () => {
      await alice.client.from('notes').insert({ title: 'hello world', is_public: true });
      const { data } = await anon.from('notes').select('title').eq('title', 'hello world');
      expect(data).toEqual([{ title: 'hello world' }]);
    });

    it('inserts without reading back when the caller may not select (return=minimal)', async () => {
      const { error, status, data } = await anon.from('inbox').insert({ message: 'hi' });
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(data).toBeNull();
      const readBack = await anon.from('inbox').insert({ message: 'hi' }).select();
      expect(readBack.error?.code).toBe('42501');
    });

    it('answers 401/403 with 42501 for a table the role has no grant on; service_role bypasses', async () => {
      expect((await anon.from('secrets').select()).status).toBe(401);
      const signedIn = await alice.client.from('secrets').select();
      expect(signedIn.status).toBe(403);
      expect(signedIn.error?.code).toBe('42501');
      expect((await service.from('secrets').select()).data).toEqual([]);
    });

    it('lets rpc functions read auth.uid() and auth.jwt()', async () => {
      expect((await alice.client.rpc('whoami')).data).toEqual({
        uid: alice.id,
        role: 'authenticated',
        email: alice.email,
      });
      expect((await anon.rpc('whoami')).data).toEqual({ uid: null, role: 'anon', email: null });
    });
  });

  describe('select', () => {
    it('selects columns, renames and casts', async () => {
      const { data } = await anon.from('books').select('id, label:title, year::text').eq('id', 1);
      expect(data).toEqual([{ id: 1, label: 'A Wizard of Earthsea', year: '1968' }]);
    });

    it('keeps Postgres JSON types: numeric, bigint beyond 2^53, arrays, timestamps', async () => {
      const res = await api('/books?select=price,big,tags&id=eq.1');
      expect(await res.text()).toBe('[{"price":9.99,"big":9007199254740993,"tags":["fantasy","classic"]}]');
      const { data } = await alice.client.from('notes').insert({ title: 'time' }).select('created_at').single();
      expect(data!.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$/);
    });

    it('quotes odd column names', async () => {
      const { data, error } = await anon.from('books').select('id, "Odd ""name"""').eq('id', 2);
      expect(error).toBeNull();
      expect(data).toEqual([{ id: 2, 'Odd "name"': null }]);
    });

    it('applies every filter operator', async () => {
      const ids = async (q: PromiseLike<{ data: { id: number }[] | null; error: unknown }>) => {
        const { data, error } = await q;
        expect(error).toBeNull();
        return data!.map((r) => r.id).sort();
      };
      const books = () => anon.from('books').select('id');
      expect(await ids(books().eq('author_id', 1))).toEqual([1, 2]);
      expect(await ids(books().neq('author_id', 1))).toEqual([3, 4, 5]);
      expect(await ids(books().gt('year', 1974))).toEqual([3, 4]);
      expect(await ids(books().gte('year', 1974))).toEqual([2, 3, 4]);
      expect(await ids(books().lt('year', 1974))).toEqual([1]);
      expect(await ids(books().lte('year', 1974))).toEqual([1, 2]);
      expect(await ids(books().like('title', '%Earth%'))).toEqual([1]);
      expect(await ids(books().like('title', '*Earth*'))).toEqual([1]);
      expect(await ids(books().ilike('title', '%guards%'))).toEqual([3]);
      expect(await ids(books().is('year', null))).toEqual([5]);
      expect(await ids(books().not('year', 'is', null))).toEqual([1, 2, 3, 4]);
      expect(await ids(books().in('id', [2, 4, 99]))).toEqual([2, 4]);
      expect(await ids(books().in('title', ['Mort', 'Guards! Guards!', 'a,b']))).toEqual([3, 4]);
      expect(await ids(books().not('id', 'in', '(1,2,3)'))).toEqual([4, 5]);
      expect(await ids(books().in('id', []))).toEqual([]);
      expect(await ids(books().contains('tags', ['fantasy']))).toEqual([1, 3, 4]);
      expect(await ids(books().overlaps('tags', ['scifi', 'comic']))).toEqual([2, 3]);
      expect(await ids(books().or('year.lt.1970,author_id.eq.3'))).toEqual([1, 5]);
      expect(await ids(books().or('id.eq.1,and(author_id.eq.2,year.gt.1988)'))).toEqual([1, 3]);
      expect(await ids(books().or('title.eq."Guards! Guards!",id.in.(4,5)'))).toEqual([3, 4, 5]);
      expect(await ids(books().likeAnyOf('title', ['Mort', 'The*']))).toEqual([2, 4]);
      expect(await ids(books().match({ author_id: 2, year: 1987 }))).toEqual([4]);
      expect(await ids(books().filter('year', 'isdistinct', 1968))).toEqual([2, 3, 4, 5]);
      const notOr = await api('/books?select=id&not.or=(id.eq.1,id.eq.2)&order=id');
      expect(await notOr.json()).toEqual([{ id: 3 }, { id: 4 }, { id: 5 }]);
    });

    it('orders on several columns with nulls first or last, limits and offsets', async () => {
      const { data } = await anon
        .from('books')
        .select('id')
        .order('year', { ascending: false, nullsFirst: true })
        .order('id');
      expect(data!.map((r) => r.id)).toEqual([5, 3, 4, 2, 1]);
      const last = await anon.from('books').select('id').order('year', { ascending: false, nullsFirst: false });
      expect(last.data!.map((r) => r.id)).toEqual([3, 4, 2, 1, 5]);
      const page = await anon.from('books').select('id').order('id').range(1, 2);
      expect(page.data).toEqual([{ id: 2 }, { id: 3 }]);
      const limited = await anon.from('books').select('id').order('id').limit(2);
      expect(limited.data).toEqual([{ id: 1 }, { id: 2 }]);
    });

    it('counts exactly with Content-Range, for a page and for HEAD', async () => {
      const { data, count, status } = await anon.from('books').select('id', { count: 'exact' }).order('id').range(0, 1);
      expect(data).toHaveLength(2);
      expect(count).toBe(5);
      expect(status).toBe(206);
      const head = await anon.from('books').select('*', { count: 'exact', head: true }).eq('author_id', 2);
      expect(head.count).toBe(2);
      expect(head.data).toBeNull();
      // estimated is exact up to max_rows; planned is the planner's estimate, as EXPLAIN gives it.
      expect((await anon.from('books').select('id', { count: 'estimated' })).count).toBe(5);
      const plan = await stack.ctx.db.query<{ 'QUERY PLAN': unknown }>(
        `explain (format json) select 1 from public.books`,
      );
      const doc = plan.rows[0]!['QUERY PLAN'];
      const planned = (typeof doc === 'string' ? JSON.parse(doc) : doc) as { Plan: { 'Plan Rows': number } }[];
      expect((await anon.from('books').select('id', { count: 'planned' })).count).toBe(planned[0]!.Plan['Plan Rows']);
      const raw = await api('/books?select=id&order=id&limit=3', { headers: { Prefer: 'count=exact' } });
      expect(raw.headers.get('content-range')).toBe('0-2/5');
      const empty = await api('/books?select=id&id=eq.99', { headers: { Prefer: 'count=exact' } });
      expect(empty.headers.get('content-range')).toBe('*/0');
      const noCount = await api('/books?select=id&order=id&offset=1&limit=2');
      expect(noCount.headers.get('content-range')).toBe('1-2/*');
      const ranged = await api('/books?select=id&order=id', { headers: { Range: '3-4', 'Range-Unit': 'items' } });
      expect(await ranged.json()).toEqual([{ id: 4 }, { id: 5 }]);
      const beyond = await api('/books?select=id&offset=10', { headers: { Prefer: 'count=exact' } });
      expect(beyond.status).toBe(416);
      expect((await beyond.json()).code).toBe('PGRST103');
    });

    it('answers single() and maybeSingle() with one object, 406 PGRST116 otherwise', async () => {
      const one = await anon.from('books').select('title').eq('id', 4).single();
      expect(one.data).toEqual({ title: 'Mort' });
      const none = await anon.from('books').select().eq('id', 99).single();
      expect(none.status).toBe(406);
      expect(none.error?.code).toBe('PGRST116');
      const many = await anon.from('books').select().single();
      expect(many.error?.code).toBe('PGRST116');
      expect((await anon.from('books').select().eq('id', 99).maybeSingle()).data).toBeNull();
      expect((await anon.from('books').select('id').eq('id', 2).maybeSingle()).data).toEqual({ id: 2 });
    });

    it('strips nulls when asked', async () => {
      const { data } = await anon.from('authors').select('id, country').eq('id', 3).stripNulls();
      expect(data).toEqual([{ id: 3 }]);
    });

    it('counts with count() and a legacy embedded count', async () => {
      expect((await anon.from('books').select('count()')).data).toEqual([{ count: 5 }]);
      const { data } = await anon.from('authors').select('name, books!author_id(count)').order('id');
      expect(data).toEqual([
        { name: 'Ursula', books: [{ count: 2 }] },
        { name: 'Terry', books: [{ count: 2 }] },
        { name: 'Italo', books: [{ count: 1 }] },
      ]);
    });
  });

  describe('embedding', () => {
    it('embeds to-one as an object and to-many as an array, in both directions', async () => {
      const { data, error } = await anon
        .from('books')
        .select('title, author:authors!author_id(name), editor:authors!books_editor_id_fkey(name)')
        .in('id', [1, 2])
        .order('id');
      expect(error).toBeNull();
      expect(data).toEqual([
        { title: 'A Wizard of Earthsea', author: { name: 'Ursula' }, editor: { name: 'Terry' } },
        { title: 'The Dispossessed', author: { name: 'Ursula' }, editor: null },
      ]);
      const many = await anon.from('authors').select('name, books!author_id(id)').order('id');
      expect(many.data).toEqual([
        { name: 'Ursula', books: [{ id: 1 }, { id: 2 }] },
        { name: 'Terry', books: [{ id: 3 }, { id: 4 }] },
        { name: 'Italo', books: [{ id: 5 }] },
      ]);
    });

    it('embeds by foreign key column name, one-to-one, many-to-many and nested', async () => {
      const byColumn = await anon.from('books').select('id, author_id(name)').eq('id', 3);
      expect(byColumn.data).toEqual([{ id: 3, author_id: { name: 'Terry' } }]);
      const bio = await anon.from('authors').select('name, author_bios(bio)').order('id').limit(2);
      expect(bio.data).toEqual([
        { name: 'Ursula', author_bios: { bio: 'Earthsea' } },
        { name: 'Terry', author_bios: null },
      ]);
      const genres = await anon.from('books').select('id, genres(name)').eq('id', 2);
      expect(genres.data).toEqual([{ id: 2, genres: [{ name: 'Science fiction' }] }]);
      const nested = await anon.from('authors').select('name, books!author_id(title, genres(name))').eq('id', 2);
      expect(nested.data).toEqual([
        {
          name: 'Terry',
          books: [
            { title: 'Guards! Guards!', genres: [{ name: 'Fantasy' }] },
            { title: 'Mort', genres: [{ name: 'Fantasy' }] },
          ],
        },
      ]);
    });

    it('filters, orders and limits embedded resources, and !inner filters the parents', async () => {
      const { data } = await anon
        .from('authors')
        .select('name, books!author_id(id)')
        .gt('books.year', 1980)
        .order('id', { referencedTable: 'books', ascending: false })
        .limit(1, { referencedTable: 'books' })
        .order('id');
      expect(data).toEqual([
        { name: 'Ursula', books: [] },
        { name: 'Terry', books: [{ id: 4 }] },
        { name: 'Italo', books: [] },
      ]);
      const inner = await anon.from('authors').select('name, books!author_id!inner(id)').eq('books.year', 1974);
      expect(inner.data).toEqual([{ name: 'Ursula', books: [{ id: 2 }] }]);
      const innerCount = await anon
        .from('authors')
        .select('name, books!author_id!inner(id)', { count: 'exact' })
        .gt('books.year', 1980);
      expect(innerCount.count).toBe(1);
      const withOr = await anon
        .from('authors')
        .select('id, books!author_id(id)')
        .or('id.eq.1,id.eq.4', { referencedTable: 'books' })
        .eq('id', 1);
      expect(withOr.data).toEqual([{ id: 1, books: [{ id: 1 }] }]);
      const withoutBio = await anon.from('authors').select('id, author_bios(bio)').is('author_bios', null).order('id');
      expect(withoutBio.data).toEqual([
        { id: 2, author_bios: null },
        { id: 3, author_bios: null },
      ]);
    });

    it('spreads a to-one embed into the parent', async () => {
      const { data } = await anon.from('books').select('title, ...authors!author_id(author_name:name)').eq('id', 4);
      expect(data).toEqual([{ title: 'Mort', author_name: 'Terry' }]);
    });

    it('reports ambiguous (300 PGRST201) and missing (400 PGRST200) relationships', async () => {
      const ambiguous = await anon.from('books').select('id, authors(name)');
      expect(ambiguous.status).toBe(300);
      expect(ambiguous.error?.code).toBe('PGRST201');
      const missing = await anon.from('genres').select('id, authors(name)');
      expect(missing.status).toBe(400);
      expect(missing.error?.code).toBe('PGRST200');
    });
  });

  describe('mutations', () => {
    it('inserts many rows with columns=, embeds in the representation and counts', async () => {
      const { data, error, status, count } = await alice.client
        .from('books')
        .insert(
          [
            { id: 100, title: 'One', author_id: 3 },
            { id: 101, title: 'Two', author_id: 3, year: 2000 },
          ],
          { count: 'exact' },
        )
        .select('id, year, authors!author_id(name)');
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(count).toBe(2);
      expect(data).toEqual([
        { id: 100, year: null, authors: { name: 'Italo' } },
        { id: 101, year: 2000, authors: { name: 'Italo' } },
      ]);
    });

    it('upserts with merge-duplicates and ignore-duplicates', async () => {
      const merged = await alice.client.from('authors').upsert({ id: 50, name: 'Mary' }).select();
      expect(merged.data).toEqual([{ id: 50, name: 'Mary', country: null }]);
      const again = await alice.client
        .from('authors')
        .upsert({ id: 50, name: 'Mary S.', country: 'UK' })
        .select('name, country');
      expect(again.data).toEqual([{ name: 'Mary S.', country: 'UK' }]);
      const byName = await alice.client
        .from('authors')
        .upsert({ id: 51, name: 'Mary S.' }, { onConflict: 'name', ignoreDuplicates: true })
        .select();
      expect(byName.error).toBeNull();
      expect(byName.data).toEqual([]);
      expect((await anon.from('authors').select('id').eq('name', 'Mary S.')).data).toEqual([{ id: 50 }]);
    });

    it('returns the Location of a headers-only insert', async () => {
      const res = await api('/authors', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${alice.token}`,
          'Content-Type': 'application/json',
          Prefer: 'return=headers-only',
        },
        body: JSON.stringify({ id: 60, name: 'Located' }),
      });
      expect(res.status).toBe(201);
      expect(res.headers.get('location')).toBe('/authors?id=eq.60');
    });

    it('rolls back a single() mutation that touched more than one row', async () => {
      await alice.client.from('notes').insert([
        { title: 'r1', rank: 7 },
        { title: 'r2', rank: 7 },
      ]);
      const res = await alice.client.from('notes').update({ body: 'changed' }).eq('rank', 7).select().single();
      expect(res.status).toBe(406);
      expect(res.error?.code).toBe('PGRST116');
      const { data } = await alice.client.from('notes').select('body').eq('rank', 7);
      expect(data).toEqual([{ body: null }, { body: null }]);
    });

    it('refuses an update or delete without filters (21000)', async () => {
      const res = await alice.client.from('notes').delete();
      expect(res.status).toBe(400);
      expect(res.error?.code).toBe('21000');
    });

    it('maps constraint violations to their codes and statuses', async () => {
      const duplicate = await alice.client.from('authors').insert({ id: 1, name: 'Again' });
      expect([duplicate.status, duplicate.error?.code]).toEqual([409, '23505']);
      const foreign = await alice.client.from('books').insert({ id: 200, title: 'x', author_id: 999 });
      expect([foreign.status, foreign.error?.code]).toEqual([409, '23503']);
      const notNull = await alice.client.from('books').insert({ id: 201, author_id: 1 });
      expect([notNull.status, notNull.error?.code]).toEqual([400, '23502']);
      const check = await alice.client.from('notes').insert({ title: '' });
      expect([check.status, check.error?.code]).toEqual([400, '23514']);
      const badInput = await anon.from('books').select().eq('id', 'abc');
      expect([badInput.status, badInput.error?.code]).toEqual([400, '22P02']);
      const unknownColumn = await alice.client.from('books').insert({ id: 202, nope: 1 });
      expect([unknownColumn.status, unknownColumn.error?.code]).toEqual([400, 'PGRST204']);
    });
  });

  describe('rpc', () => {
    it('returns scalars, rows, sets and void', async () => {
      expect((await anon.rpc('add_numbers', { a: 2, b: 3 })).data).toBe(5);
      expect((await anon.rpc('add_numbers', { a: 2 })).data).toBe(12);
      expect((await anon.rpc('add_numbers', { a: 1, b: 1 }, { get: true })).data).toBe(2);
      expect((await anon.rpc('first_book').select('id, title')).data).toEqual({ id: 1, title: 'A Wizard of Earthsea' });
      const set = await anon
        .rpc('books_by', { author: 2 })
        .select('id, authors!author_id(name)')
        .order('id', { ascending: false });
      expect(set.data).toEqual([
        { id: 4, authors: { name: 'Terry' } },
        { id: 3, authors: { name: 'Terry' } },
      ]);
      expect((await anon.rpc('books_by', { author: 1 }).eq('year', 1974).select('id')).data).toEqual([{ id: 2 }]);
      expect((await anon.rpc('book_years').lt('year', 1970)).data).toEqual([
        { title: 'A Wizard of Earthsea', year: 1968 },
      ]);
      expect(((await anon.rpc('book_ids')).data as number[]).slice(0, 5)).toEqual([1, 2, 3, 4, 5]);
      const none = await anon.rpc('touch');
      expect(none.error).toBeNull();
      expect(none.data).toBeNull();
      expect((await anon.rpc('tag_count', { tags: ['a', 'b'] })).data).toBe(2);
      expect((await anon.rpc('echo_json', { doc: { a: [1, { b: null }] } })).data).toEqual({ a: [1, { b: null }] });
      expect((await anon.rpc('books_by', { author: 1 }).select('id').single()).error?.code).toBe('PGRST116');
    });

    it('calls GET rpc in a read-only transaction (405 25006 for a write), POST may write', async () => {
      const viaGet = await anon.rpc('post_inbox', { message: 'hi' }, { get: true });
      expect([viaGet.status, viaGet.error?.code]).toEqual([405, '25006']);
      const viaPost = await anon.rpc('post_inbox', { message: 'hi' });
      expect([viaPost.status, viaPost.error]).toEqual([204, null]);
    });

    it('passes a RAISE message through verbatim as P0001 / 400', async () => {
      const { error, status } = await anon.rpc('fail_with', { message: 'That team is full.' });
      expect(status).toBe(400);
      expect(error).toMatchObject({ code: 'P0001', message: 'That team is full.' });
    });

    it('answers 404 PGRST202 for an unknown function or arguments', async () => {
      const unknown = await anon.rpc('nope');
      expect([unknown.status, unknown.error?.code]).toEqual([404, 'PGRST202']);
      const wrongArgs = await anon.rpc('add_numbers', { x: 1 });
      expect([wrongArgs.status, wrongArgs.error?.code]).toEqual([404, 'PGRST202']);
    });
  });

  describe('bad requests', () => {
    it('answers 404 PGRST205 for an unknown table and 400 42703 for an unknown column', async () => {
      const table = await anon.from('nope').select();
      expect([table.status, table.error?.code]).toEqual([404, 'PGRST205']);
      const column = await anon.from('books').select('nope');
      expect([column.status, column.error?.code]).toEqual([400, '42703']);
      const filter = await anon.from('books').select().eq('nope', 1);
      expect(filter.error?.code).toBe('42703');
      const order = await anon.from('books').select().order('nope');
      expect(order.error?.code).toBe('42703');
    });

    it('answers 400 PGRST100 for unparseable parameters and never runs them as SQL', async () => {
      for (const query of [
        'select=id,(',
        'select=id"; drop table books; --',
        'id=xx.1',
        'id=eq',
        'or=(id.eq.1',
        'order=id.sideways',
        'limit=-1',
        'id=in.1,2',
      ]) {
        const res = await api(`/books?${query}`);
        expect(res.status, query).toBe(400);
        expect((await res.json()).code, query).toBe('PGRST100');
      }
      const injection = await api(`/books?${encodeURIComponent('id) or (1=1')}=eq.1`);
      expect((await injection.json()).code).toBe('42703');
      expect((await anon.from('books').select('id', { count: 'exact', head: true })).count).toBeGreaterThanOrEqual(5);
    });

    it('answers 400 PGRST102 for malformed JSON bodies', async () => {
      for (const body of ['{"title":', '', '"text"', '[1,2]']) {
        const res = await api('/notes', {
          method: 'POST',
          headers: { Authorization: `Bearer ${alice.token}`, 'Content-Type': 'application/json' },
          body,
        });
        expect(res.status, body).toBe(400);
        expect((await res.json()).code, body).toBe('PGRST102');
      }
    });

    it('answers 401 for a missing, malformed, expired, wrongly signed or alg:none token', async () => {
      const now = Math.floor(Date.now() / 1000);
      const expired = await stack.ctx.keys.jwt.sign(
        { sub: alice.id, role: 'authenticated', iat: now - 7200, exp: now - 3600 },
        0,
      );
      const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
      const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ role: 'service_role' })}.`;
      const [h, p] = alice.token.split('.');
      const forged = `${h}.${b64({ sub: alice.id, role: 'service_role', exp: now + 3600 })}.${alice.token.split('.')[2]}`;
      const cases: [string, Record<string, string>][] = [
        ['missing', {}],
        ['malformed', { apikey: 'not-a-jwt' }],
        ['expired', { apikey: stack.ctx.keys.anonKey, Authorization: `Bearer ${expired}` }],
        ['alg none', { apikey: none }],
        ['wrong signature', { apikey: stack.ctx.keys.anonKey, Authorization: `Bearer ${forged}` }],
        ['tampered', { apikey: `${h}.${p}.AAAA` }],
      ];
      for (const [name, headers] of cases) {
        const res = await fetch(`${stack.url}/rest/v1/books?select=id`, { headers });
        expect(res.status, name).toBe(401);
        const body = await res.json();
        expect(body.code, name).toMatch(/^PGRST30[123]$/);
      }
    });

    it('accepts only the public schema', async () => {
      const res = await api('/books', { headers: { 'Accept-Profile': 'auth' } });
      expect(res.status).toBe(406);
      expect((await res.json()).code).toBe('PGRST106');
      expect((await api('/books?select=id&limit=1', { headers: { 'Accept-Profile': 'public' } })).status).toBe(200);
    });

    it('picks up tables created after start through NOTIFY pgrst or a cache miss', async () => {
      await stack.ctx.db.exec(
        `create table public.late (id int primary key); grant select on public.late to anon; insert into public.late values (1);`,
      );
      const { data, error } = await anon.from('late').select();
      expect(error).toBeNull();
      expect(data).toEqual([{ id: 1 }]);
      await stack.ctx.db.exec(`alter table public.late add column name text; notify pgrst, 'reload schema';`);
      expect((await anon.from('late').select('id, name')).data).toEqual([{ id: 1, name: null }]);
    });
  });
});
