// The database side of Realtime: installs capture.sql, keeps what it knows of the published tables
// (columns, primary key, RLS) current, and turns NOTIFY payloads into changes, in commit order.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from '../db/database.ts';

const captureSql = readFileSync(fileURLToPath(new URL('./capture.sql', import.meta.url)), 'utf8');

export const CHANGES_CHANNEL = 'realtime_changes';
export const DDL_CHANNEL = 'realtime_ddl';

export interface Column {
  name: string;
  type: string;
}

export interface TableInfo {
  schema: string;
  table: string;
  /** `schema.table`, the key bindings are indexed by. */
  key: string;
  /** The table as a quoted, qualified name (regclass text). */
  regclass: string;
  columns: Column[];
  types: Map<string, string>;
  pk: string[];
  rls: boolean;
  replicaFull: boolean;
  /** Which operations the publication sends. */
  ops: Set<ChangeType>;
  /**
   * API roles that may read every row whatever their claims (SELECT granted, and RLS off, or a
   * permissive `using (true)` select policy and no restrictive one): no per-subscriber check.
   * Only trusted while the DDL event trigger keeps the catalog current.
   */
  openTo: Set<string>;
}

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

export interface Change {
  schema: string;
  table: string;
  type: ChangeType;
  commit_timestamp: string;
  record: Record<string, unknown> | null;
  old_record: Record<string, unknown> | null;
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

type Queued = { kind: 'change'; payload: string; at: number } | { kind: 'ddl'; at: number };

export interface CaptureOptions {
  /** Poll the publication this often when there is no event trigger (no superuser), ms. */
  pollMs?: number;
  /** Most changes handed over in one batch. */
  batchSize?: number;
  /**
   * When changes pile up (more than one waiting, or the last batch had more than one), how long a
   * batch may wait after the last one to gather more, ms (default 20; 0 never waits).
   * A change that arrives alone goes out at once.
   */
  gatherMs?: number;
}

export class Capture {
  readonly tables = new Map<string, TableInfo>();
  /** True when a DDL event trigger refreshes the capture triggers (PGlite, a superuser). */
  eventTrigger = false;
  private queue: Queued[] = [];
  private draining = false;
  private drained: Promise<void> = Promise.resolve();
  private unlisten: (() => Promise<void>)[] = [];
  private poll?: NodeJS.Timeout;
  private closed = false;
  private readonly batchSize: number;
  private readonly gatherMs: number;
  /** Changes in the batch handed over last, and when its hand-over ended (performance.now()). */
  private lastBatch = 0;
  private lastDone = 0;
  /** Ends a gathering wait early (the batch is full, or capture closes). */
  private wake?: () => void;

  constructor(
    private readonly db: Database,
    private readonly onChanges: (changes: Change[]) => Promise<void>,
    private readonly options: CaptureOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 256;
    this.gatherMs = options.gatherMs ?? 20;
  }

  async start(): Promise<void> {
    await this.db.exec(captureSql);
    await this.db.query('select realtime.refresh_capture()');
    // Rows left from a previous run had no subscriber to go to.
    await this.db.query('delete from realtime.changes');
    const { rows } = await this.db.query<{ present: boolean }>(
      `select exists (select from pg_catalog.pg_event_trigger where evtname = 'realtime_capture_ddl' and evtenabled <> 'D') as present`,
    );
    this.eventTrigger = rows[0]?.present === true;
    await this.reload();
    this.unlisten.push(
      await this.db.listen(CHANGES_CHANNEL, (payload) => this.push({ kind: 'change', payload, at: performance.now() })),
    );
    this.unlisten.push(await this.db.listen(DDL_CHANNEL, () => this.push({ kind: 'ddl', at: performance.now() })));
    if (!this.eventTrigger) {
      this.poll = setInterval(() => void this.refresh().catch(() => {}), this.options.pollMs ?? 10_000);
      this.poll.unref();
    }
  }

  /** Re-installs triggers to match the publication, then reloads the catalog. */
  async refresh(): Promise<void> {
    if (this.closed) return;
    await this.db.query('select realtime.refresh_capture()');
    await this.reload();
  }

  async reload(): Promise<void> {
    const { rows } = await this.db.query<{
      schema: string;
      table: string;
      regclass: string;
      rls: boolean;
      full: boolean;
      ins: boolean;
      upd: boolean;
      del: boolean;
      columns: Column[] | string | null;
      pk: string[] | string | null;
      open_to: string[] | string | null;
    }>(`
      select n.nspname as schema, c.relname as table, c.oid::regclass::text as regclass,
             c.relrowsecurity as rls, c.relreplident = 'f' as full,
             p.pubinsert as ins, p.pubupdate as upd, p.pubdelete as del,
             (select json_agg(json_build_object('name', a.attname, 'type', t.typname) order by a.attnum)
                from pg_catalog.pg_attribute a join pg_catalog.pg_type t on t.oid = a.atttypid
               where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as columns,
             (select json_agg(a.attname order by array_position(i.indkey::int2[], a.attnum))
                from pg_catalog.pg_index i
                join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey::int2[])
               where i.indrelid = c.oid and i.indisprimary) as pk,
             (select json_agg(r.rolname)
                from pg_catalog.pg_roles r
               where r.rolname in ('anon', 'authenticated', 'service_role')
                 and pg_catalog.has_table_privilege(r.rolname, c.oid, 'SELECT')
                 and (not c.relrowsecurity or r.rolbypassrls or (
                   exists (select from pg_catalog.pg_policy p
                            where p.polrelid = c.oid and p.polpermissive and p.polcmd in ('r', '*')
                              and (p.polroles = '{0}' or r.oid = any (p.polroles))
                              and pg_catalog.pg_get_expr(p.polqual, p.polrelid) = 'true')
                   and not exists (select from pg_catalog.pg_policy p
                                    where p.polrelid = c.oid and not p.polpermissive and p.polcmd in ('r', '*')
                                      and (p.polroles = '{0}' or r.oid = any (p.polroles)))))) as open_to
        from pg_catalog.pg_publication p
        join pg_catalog.pg_publication_tables pt on pt.pubname = p.pubname
        join pg_catalog.pg_namespace n on n.nspname = pt.schemaname
        join pg_catalog.pg_class c on c.relnamespace = n.oid and c.relname = pt.tablename
       where p.pubname = 'supabase_realtime'`);
    const json = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
    this.tables.clear();
    for (const r of rows) {
      const columns = json(r.columns) ?? [];
      const ops = new Set<ChangeType>();
      if (r.ins) ops.add('INSERT');
      if (r.upd) ops.add('UPDATE');
      if (r.del) ops.add('DELETE');
      const key = `${r.schema}.${r.table}`;
      this.tables.set(key, {
        schema: r.schema,
        table: r.table,
        key,
        regclass: r.regclass,
        columns,
        types: new Map(columns.map((c) => [c.name, c.type])),
        pk: json(r.pk) ?? [],
        rls: r.rls,
        replicaFull: r.full,
        ops,
        openTo: new Set(this.eventTrigger ? (json(r.open_to) ?? []) : []),
      });
    }
  }

  /** Primary keys among `rows` that each claims object may select (one set per claims, in order). */
  async visibleKeys(
    info: TableInfo,
    rows: Record<string, unknown>[],
    claims: Record<string, unknown>[],
  ): Promise<Set<string>[]> {
    // Grouped by role: the check switches role only where it changes from one claims object to the next.
    const order = claims.map((_, i) => i).sort((a, b) => compare(String(claims[a]!.role), String(claims[b]!.role)));
    const params = [info.regclass, info.pk, JSON.stringify(rows), JSON.stringify(order.map((i) => claims[i]))];
    const sql = 'select idx, keys from realtime.visible_keys($1::regclass, $2::text[], $3::jsonb, $4::jsonb, $5)';
    // A policy that raises fails the fast call; then each caller is checked on its own.
    const { rows: result } = await this.db
      .query<{ idx: number; keys: unknown }>(sql, [...params, false])
      .catch(() => this.db.query<{ idx: number; keys: unknown }>(sql, [...params, true]));
    const sets = claims.map(() => new Set<string>());
    // One key column: a flat array of the visible keys; else an array of key values per row.
    const single = info.pk.length === 1;
    for (const r of result) {
      const keys = (typeof r.keys === 'string' ? JSON.parse(r.keys) : r.keys) as unknown[];
      const set = sets[order[r.idx]!];
      for (const k of keys) set?.add(JSON.stringify(single ? [k] : k));
    }
    return sets;
  }

  /** Waits until every change notified so far has been handed over. */
  async settle(): Promise<void> {
    while (this.draining || this.queue.length) await this.drained;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.poll);
    for (const stop of this.unlisten) await stop().catch(() => {});
    this.queue = [];
    this.wake?.();
    await this.drained.catch(() => {});
  }

  private push(item: Queued): void {
    if (this.closed) return;
    this.queue.push(item);
    if (this.wake && (this.queue.length >= this.batchSize || item.kind === 'ddl')) this.wake();
    this.kick();
  }

  /**
   * While changes pile up, waits (up to gatherMs after the last batch was handed over, or after the
   * oldest waiting change arrived if later) for a full batch: the RLS check costs about the same for 1 row as for 256 (one lookup per subscriber), so
   * under a burst fewer, larger batches leave the database more time for the commits themselves.
   */
  private async gather(): Promise<void> {
    const oldest = this.queue[0];
    if (!this.gatherMs || !oldest || oldest.kind === 'ddl') return;
    // Busy: more than one change waits, or a burst's change arrived while the last batch was out.
    if (this.queue.length === 1 && !(this.lastBatch > 1 && oldest.at < this.lastDone)) return;
    // From when the database was last free of the check (or the change came, if later): under a
    // burst the commits go on meanwhile, so the next batch holds more of them.
    const until = Math.max(oldest.at, this.lastDone) + this.gatherMs;
    while (!this.closed && this.queue.length < this.batchSize && !this.queue.some((q) => q.kind === 'ddl')) {
      const left = until - performance.now();
      if (left <= 0) return;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.wake = undefined;
    }
  }

  private kick(): void {
    if (this.draining || this.closed) return;
    this.draining = true;
    this.drained = this.drain().finally(() => {
      this.draining = false;
      if (this.queue.length) this.kick();
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length && !this.closed) {
      await this.gather();
      const batch: Queued[] = [];
      // A DDL marker ends a batch: later changes must be read with the new catalog.
      while (this.queue.length && batch.length < this.batchSize) {
        const item = this.queue.shift()!;
        if (item.kind === 'ddl') {
          if (batch.length) this.queue.unshift(item);
          else batch.push(item);
          break;
        }
        batch.push(item);
      }
      try {
        if (batch[0]?.kind === 'ddl') {
          await this.reload();
          continue;
        }
        this.lastBatch = batch.length;
        const changes = await this.read(batch as { kind: 'change'; payload: string }[]);
        if (changes.length) await this.onChanges(changes);
        this.lastDone = performance.now();
      } catch (error) {
        if (!this.closed) console.error('[realtime] could not deliver changes', error);
      }
    }
  }

  /** Parses NOTIFY payloads; `#<id>` ones are read (then deleted) from realtime.changes. */
  private async read(batch: { payload: string }[]): Promise<Change[]> {
    const ids = batch.filter((b) => b.payload.startsWith('#')).map((b) => b.payload.slice(1));
    const stored = new Map<string, string>();
    if (ids.length) {
      const { rows } = await this.db.query<{ id: string | number; payload: string }>(
        'delete from realtime.changes where id = any ($1::bigint[]) returning id, payload',
        [ids],
      );
      for (const r of rows) stored.set(String(r.id), r.payload);
    }
    const changes: Change[] = [];
    for (const b of batch) {
      const text = b.payload.startsWith('#') ? stored.get(b.payload.slice(1)) : b.payload;
      if (!text) continue;
      try {
        const c = JSON.parse(text) as Change;
        c.commit_timestamp = new Date(c.commit_timestamp).toISOString();
        changes.push(c);
      } catch {
        // Not ours: someone else NOTIFYing on the channel.
      }
    }
    return changes;
  }
}
