// Realtime postgres_changes through the real supabase-js (Node 20, `ws` transport) against the local
// stack, on PGlite and on this machine's PostgreSQL: delivery, filters, RLS, rollbacks, big rows,
// publication changes, token expiry, bad input and a server restart.
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPgDatabase, startTestStack, type TestStack } from './helpers.ts';
import { asCaller } from '../context.ts';
import {
  closeClient,
  createPlayer,
  insertItem,
  playerClient,
  rawSocket,
  subscribe,
  type Player,
} from './realtime-helpers.ts';
import type { SupabaseClient } from '@supabase/supabase-js';

const supabaseDir = join(import.meta.dirname, 'fixtures/realtime-supabase');

for (const postgres of [false, true]) {
  describe(`realtime on ${postgres ? 'PostgreSQL' : 'PGlite'}`, () => {
    let stack: TestStack;
    let alice: Player;
    let bob: Player;
    const clients: SupabaseClient[] = [];
    const client = (player?: Player) => {
      const c = playerClient(stack, player);
      clients.push(c);
      return c;
    };

    beforeAll(async () => {
      stack = await startTestStack({ supabaseDir, postgres });
      await stack.realtime.ready;
      alice = await createPlayer(stack);
      bob = await createPlayer(stack);
    });

    afterAll(async () => {
      for (const c of clients) await closeClient(c).catch(() => {});
      await stack?.destroy();
    });

    it('delivers an INSERT, an UPDATE and a DELETE to the owner within a second', async () => {
      const sub = await subscribe(client(alice));
      const row = await insertItem(stack, alice.id, 'first');
      const inserted = await sub.next((c) => c.eventType === 'INSERT' && c.new.id === row.id);
      expect(inserted).toMatchObject({
        schema: 'public',
        table: 'rt_items',
        eventType: 'INSERT',
        new: { id: row.id, owner: alice.id, title: 'first', score: 0 },
      });
      expect(typeof inserted.commit_timestamp).toBe('string');

      await stack.ctx.db.query('update public.rt_items set title = $1, score = 3 where id = $2', ['renamed', row.id]);
      const updated = await sub.next((c) => c.eventType === 'UPDATE' && c.new.id === row.id);
      expect(updated.new).toMatchObject({ title: 'renamed', score: 3 });
      expect(updated.old).toEqual({ id: row.id });

      await stack.ctx.db.query('delete from public.rt_items where id = $1', [row.id]);
      const deleted = await sub.next((c) => c.eventType === 'DELETE' && c.old.id === row.id);
      // RLS is on: like hosted Supabase, a DELETE carries only the primary key.
      expect(deleted.old).toEqual({ id: row.id });
      expect(deleted.new).toEqual({});
    });

    it('captures writes made as a player, as the Data API makes them', async () => {
      const sub = await subscribe(client(alice), { event: 'INSERT' });
      const { rows } = await asCaller(
        stack.ctx.db,
        { role: 'authenticated', claims: { sub: alice.id, role: 'authenticated' } },
        (tx) =>
          tx.query<{ id: string | number }>('insert into public.rt_items (owner, title) values ($1, $2) returning id', [
            alice.id,
            'as player',
          ]),
      );
      const got = await sub.next((c) => c.new.id === Number(rows[0]!.id));
      expect(got.new).toMatchObject({ title: 'as player', owner: alice.id });
    });

    it('delivers only the rows a filter names', async () => {
      const a = await insertItem(stack, alice.id, 'watched');
      const sub = await subscribe(client(alice), { event: 'UPDATE', filter: `id=eq.${a.id}` });
      const others = await subscribe(client(alice), { event: 'UPDATE', filter: `score=gte.10` });
      const b = await insertItem(stack, alice.id, 'ignored');
      await stack.ctx.db.query('update public.rt_items set score = 5 where id = $1', [b.id]);
      await stack.ctx.db.query('update public.rt_items set score = 10 where id = $1', [a.id]);
      await sub.next((c) => c.eventType === 'UPDATE' && c.new.id === a.id);
      await others.next((c) => c.new.id === a.id && c.new.score === 10);
      expect(sub.changes.map((c) => (c.new as { id: number }).id)).toEqual([a.id]);
      expect(others.changes.map((c) => (c.new as { id: number }).id)).toEqual([a.id]);
    });

    it('does not deliver a row RLS hides from another player', async () => {
      const bobs = await subscribe(client(bob), { event: 'INSERT' });
      const alices = await subscribe(client(alice), { event: 'INSERT' });
      const hidden = await insertItem(stack, alice.id, 'secret');
      const own = await insertItem(stack, bob.id, 'mine');
      // Changes to one table arrive in commit order: once Bob has his own row, Alice's was skipped.
      await bobs.next((c) => c.new.id === own.id);
      await alices.next((c) => c.new.id === hidden.id);
      expect(bobs.changes.map((c) => (c.new as { id: number }).id)).toEqual([own.id]);
      expect(alices.changes.some((c) => (c.new as { id: number }).id === own.id)).toBe(false);
    });

    it('delivers a burst of changes whole, in commit order, each player only the rows RLS lets them read', async () => {
      const alices = await subscribe(client(alice), { event: 'INSERT' });
      const bobs = await subscribe(client(bob), { event: 'INSERT' });
      const svc = stack.service();
      clients.push(svc);
      const all = await subscribe(svc, { event: 'INSERT' });
      const owners = Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? bob : alice));
      // One transaction of 40 rows (one batch of many keys), then 40 commits back to back: changes
      // pile up while each batch is checked, so batches gather.
      const ids: number[] = [];
      await stack.ctx.db.transaction(async (tx) => {
        for (const [i, owner] of owners.entries()) {
          const { rows } = await tx.query<{ id: string | number }>(
            'insert into public.rt_items (owner, title) values ($1, $2) returning id',
            [owner.id, `burst ${i}`],
          );
          ids.push(Number(rows[0]!.id));
        }
      });
      for (const [i, owner] of owners.entries()) ids.push((await insertItem(stack, owner.id, `burst ${40 + i}`)).id);
      const ownerOf = new Map(ids.map((id, i) => [id, owners[i % 40]!]));
      const last = ids[ids.length - 1]!;
      await all.next((c) => c.new.id === last, 10_000);
      const received = (s: { changes: { new: unknown }[] }) =>
        s.changes.map((c) => (c.new as { id: number }).id).filter((id) => ownerOf.has(id));
      expect(received(all)).toEqual(ids);
      const mine = (player: Player) => ids.filter((id) => ownerOf.get(id) === player);
      await alices.next((c) => c.new.id === mine(alice).at(-1), 10_000);
      await bobs.next((c) => c.new.id === mine(bob).at(-1), 10_000);
      expect(received(alices)).toEqual(mine(alice));
      expect(received(bobs)).toEqual(mine(bob));
    });

    it('checks text primary keys that need quoting in an array the way RLS decides', async () => {
      await stack.ctx.db.exec(`
        create table public.rt_text_keys (key text primary key, owner uuid not null);
        alter table public.rt_text_keys enable row level security;
        create policy "Owners read their keys" on public.rt_text_keys for select to authenticated
          using ((select auth.uid()) = owner);
        grant select on public.rt_text_keys to authenticated;
        alter publication supabase_realtime add table public.rt_text_keys;`);
      const alices = await subscribe(client(alice), { table: 'rt_text_keys', event: 'INSERT' });
      const bobs = await subscribe(client(bob), { table: 'rt_text_keys', event: 'INSERT' });
      const keys = ['plain', 'a,b', '"quoted"', '{brace}', 'NULL', 'back\\slash', 'spaced out', "it's", 'é', ''];
      const ownerOf = (i: number) => (i % 2 === 0 ? alice : bob);
      // One transaction: every key in one check.
      await stack.ctx.db.transaction(async (tx) => {
        for (const [i, key] of keys.entries())
          await tx.query('insert into public.rt_text_keys (key, owner) values ($1, $2)', [key, ownerOf(i).id]);
      });
      const mine = (player: Player) => keys.filter((_, i) => ownerOf(i) === player);
      const keyOf = (c: { new: unknown }) => (c.new as { key?: string }).key;
      await alices.next((c) => keyOf(c) === mine(alice).at(-1));
      await bobs.next((c) => keyOf(c) === mine(bob).at(-1));
      expect(alices.changes.map(keyOf)).toEqual(mine(alice));
      expect(bobs.changes.map(keyOf)).toEqual(mine(bob));
    });

    it('delivers to every subscriber, and nothing to anon', async () => {
      const one = await subscribe(client(alice), { event: 'INSERT' });
      const two = await subscribe(client(alice), { event: 'INSERT' });
      const anon = await subscribe(client(), { event: 'INSERT' });
      const svc = stack.service();
      clients.push(svc);
      const service = await subscribe(svc, { event: 'INSERT' });
      const row = await insertItem(stack, alice.id, 'shared');
      await Promise.all([one, two, service].map((s) => s.next((c) => c.new.id === row.id)));
      expect(anon.changes).toEqual([]);
    });

    it('sends nothing for a rolled-back transaction', async () => {
      const sub = await subscribe(client(alice), { event: 'INSERT' });
      await expect(
        stack.ctx.db.transaction(async (tx) => {
          await tx.query('insert into public.rt_items (owner, title) values ($1, $2)', [alice.id, 'rolled back']);
          throw new Error('abort');
        }),
      ).rejects.toThrow('abort');
      const kept = await insertItem(stack, alice.id, 'kept');
      await sub.next((c) => c.new.id === kept.id);
      expect(sub.changes.map((c) => (c.new as { title: string }).title)).toEqual(['kept']);
    });

    it('delivers a row larger than a NOTIFY payload whole', async () => {
      const sub = await subscribe(client(alice), { event: 'INSERT' });
      const body = 'x'.repeat(50_000);
      const row = await insertItem(stack, alice.id, 'big', body);
      const got = await sub.next((c) => c.new.id === row.id);
      expect((got.new as { body: string }).body).toBe(body);
      const { rows } = await stack.ctx.db.query<{ n: number }>('select count(*)::int as n from realtime.changes');
      expect(rows[0]!.n).toBe(0);
    });

    it('picks up a table a later migration adds to the publication', async () => {
      await stack.ctx.db.exec(`
        create table public.rt_late (id bigint generated by default as identity primary key, note text);
        alter table public.rt_late enable row level security;
        create policy "Anyone can read late notes" on public.rt_late for select to anon, authenticated using (true);
        grant select on public.rt_late to anon, authenticated, service_role;
        alter publication supabase_realtime add table public.rt_late;`);
      const sub = await subscribe(client(), { table: 'rt_late' });
      await stack.ctx.db.query(`insert into public.rt_late (note) values ('hello')`);
      const got = await sub.next((c) => c.eventType === 'INSERT');
      expect(got.new).toMatchObject({ note: 'hello' });

      // A policy tightened later is honoured from the next change on.
      const svc = stack.service();
      clients.push(svc);
      const watcher = await subscribe(svc, { table: 'rt_late' });
      await stack.ctx.db.exec(`drop policy "Anyone can read late notes" on public.rt_late;
        create policy "Nobody reads late notes" on public.rt_late for select to anon, authenticated using (false);`);
      await stack.ctx.db.query(`insert into public.rt_late (note) values ('hidden')`);
      await watcher.next((c) => (c.new as { note?: string }).note === 'hidden');
      expect(sub.changes.map((c) => (c.new as { note?: string }).note)).toEqual(['hello']);
    });

    it('stops delivery when the token expires and resumes with a fresh one', async () => {
      const shortLived = await createPlayer(stack, 2);
      const c = client(shortLived);
      const sub = await subscribe(c, { event: 'INSERT' });
      const svc = stack.service();
      clients.push(svc);
      const watcher = await subscribe(svc, { event: 'INSERT' });
      await new Promise((r) => setTimeout(r, 2100));
      const missed = await insertItem(stack, shortLived.id, 'while expired');
      // Once the service role has it, the server has dealt with it for every subscriber.
      await watcher.next((x) => x.new.id === missed.id);
      const fresh = await stack.ctx.keys.jwt.sign(
        { sub: shortLived.id, role: 'authenticated', email: shortLived.email, aud: 'authenticated' },
        3600,
      );
      await c.realtime.setAuth(fresh);
      // access_token and the next change race; wait until the server has the new token.
      await new Promise((r) => setTimeout(r, 200));
      const seen = await insertItem(stack, shortLived.id, 'after refresh');
      await sub.next((x) => x.new.id === seen.id);
      expect(sub.changes.some((x) => x.new.id === missed.id)).toBe(false);
    });

    it('answers bad input with errors and keeps the socket up', async () => {
      const raw = await rawSocket(stack);
      raw.send('this is not json');
      const err = await raw.next((f) => f[3] === 'phx_error');
      expect(err[4]).toMatchObject({ reason: expect.stringContaining('malformed') });
      raw.send([null, '1', 'realtime:x', 'phx_join', 'not an object']);
      expect((await raw.next((f) => f[1] === '1'))[4]).toMatchObject({ status: 'error' });

      const join = (ref: string, config: unknown, extra: Record<string, unknown> = {}) =>
        raw.send([ref, ref, `realtime:bad-${ref}`, 'phx_join', { config, ...extra }]);
      const replyTo = async (ref: string) =>
        (await raw.next((f) => f[1] === ref && f[3] === 'phx_reply'))[4] as {
          status: string;
          response: { reason?: string };
        };

      join('2', { postgres_changes: [{ event: '*', schema: 'public', table: 'rt_unpublished' }] });
      expect(await replyTo('2')).toMatchObject({
        status: 'error',
        response: { reason: expect.stringContaining('Unable to subscribe') },
      });
      join('3', { postgres_changes: [{ event: '*', schema: 'public', table: 'rt_items', filter: 'id=like.1' }] });
      expect(await replyTo('3')).toMatchObject({
        status: 'error',
        response: { reason: expect.stringContaining('invalid filter') },
      });
      join('4', { postgres_changes: [{ event: '*', schema: 'public', table: 'rt_items', filter: 'nope=eq.1' }] });
      expect(await replyTo('4')).toMatchObject({
        status: 'error',
        response: { reason: expect.stringContaining('does not exist') },
      });
      join('5', { postgres_changes: [{ event: 'TRUNCATE', schema: 'public', table: 'rt_items' }] });
      expect(await replyTo('5')).toMatchObject({ status: 'error' });
      join('6', { postgres_changes: [] }, { access_token: 'a.b.c' });
      expect(await replyTo('6')).toMatchObject({ status: 'error', response: { reason: expect.stringMatching(/JWT/) } });

      join('7', { postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'rt_items' }] });
      const ok = await replyTo('7');
      expect(ok).toMatchObject({
        status: 'ok',
        response: {
          postgres_changes: [{ event: 'INSERT', schema: 'public', table: 'rt_items', id: expect.any(Number) }],
        },
      });
      await raw.next((f) => f[2] === 'realtime:bad-7' && f[3] === 'system');
      raw.send(['7', '8', 'realtime:bad-7', 'no_such_event', {}]);
      expect(await replyTo('8')).toMatchObject({ status: 'error' });
      raw.send([null, '9', 'realtime:never-joined', 'broadcast', {}]);
      expect(await replyTo('9')).toMatchObject({ status: 'error', response: { reason: 'unmatched topic' } });
      // A bad access_token closes the channel with a system error.
      raw.send(['7', '10', 'realtime:bad-7', 'access_token', { access_token: 'x.y.z' }]);
      await raw.next((f) => f[2] === 'realtime:bad-7' && f[3] === 'phx_close');

      raw.send([null, '11', 'phoenix', 'heartbeat', {}]);
      expect(await replyTo('11')).toEqual({ status: 'ok', response: {} });
      raw.close();
    });
  });
}

describe('realtime across a server restart', () => {
  for (const postgres of [false, true]) {
    it(`reconnects and receives changes made after the restart (${postgres ? 'PostgreSQL' : 'PGlite'})`, async () => {
      const db = postgres ? await createPgDatabase() : undefined;
      let stack = await startTestStack({ supabaseDir, databaseUrl: db?.url });
      const { dataDir, port } = stack;
      const player = await createPlayer(stack);
      const c = playerClient(stack, player);
      try {
        const sub = await subscribe(c, { event: 'INSERT' });
        const before = await insertItem(stack, player.id, 'before');
        await sub.next((x) => x.new.id === before.id);

        await stack.stop();
        stack = await startTestStack({ supabaseDir, dataDir, port, databaseUrl: db?.url });
        await stack.realtime.ready;
        // The client retries after 1 s, 2 s, 5 s, 10 s: keep writing until a change gets through.
        const deadline = Date.now() + 30_000;
        let got = false;
        while (!got && Date.now() < deadline) {
          const after = await insertItem(stack, player.id, 'after');
          got = await sub
            .next((x) => x.new.id === after.id, 1000)
            .then(
              () => true,
              () => false,
            );
        }
        expect(got).toBe(true);
      } finally {
        await closeClient(c).catch(() => {});
        await stack.destroy();
        await rm(dataDir, { recursive: true, force: true });
        await db?.drop();
      }
    });
  }
});
