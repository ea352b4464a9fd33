// Change delivery: each captured change goes to the channels whose bindings match it, and only to
// those whose token may select the row (one RLS check per table and batch, every caller inside it).
import type { Capture, Change, TableInfo } from './capture.ts';
import { matchesFilter } from './filters.ts';
import { encodeText } from './protocol.ts';
import type { Channel, ChannelRegistry } from './registry.ts';
import type { Writer } from './socket.ts';

interface Delivery {
  change: Change;
  info: TableInfo;
  targets: Map<Channel, number[]>;
}

const pkKey = (info: TableInfo, record: Record<string, unknown> | null): string =>
  JSON.stringify(info.pk.map((c) => record?.[c] ?? null));

export function changeDelivery(registry: ChannelRegistry, capture: Capture, out: Writer) {
  /** True once the channel's token has expired; the channel is told once. */
  function expired(ch: Channel, nowSeconds: number): boolean {
    const exp = ch.caller.claims.exp;
    if (typeof exp !== 'number' || exp > nowSeconds) return false;
    if (!ch.expiredNotified) {
      ch.expiredNotified = true;
      out.system(
        ch,
        'system',
        'error',
        `InvalidJWTToken: Token has expired ${Math.max(0, Math.round(nowSeconds - exp))} seconds ago`,
      );
    }
    return true;
  }

  /** Which channels' bindings each change matches, before RLS. */
  async function match(changes: Change[]): Promise<Delivery[]> {
    const now = Date.now() / 1000;
    const deliveries: Delivery[] = [];
    let reloaded = false;
    for (const change of changes) {
      const key = `${change.schema}.${change.table}`;
      let info = capture.tables.get(key);
      const record = change.record ?? change.old_record;
      // A column was added or dropped and no DDL event told us: read the catalog again.
      if (
        info &&
        record &&
        Object.keys(record).length !== info.columns.length &&
        change.type !== 'DELETE' &&
        !reloaded
      ) {
        reloaded = true;
        await capture.reload();
        info = capture.tables.get(key);
      }
      if (!info) continue;
      // With RLS nobody can be asked whether they could see a deleted row: only its key goes out.
      if (change.type !== 'INSERT' && change.old_record && (info.rls || !info.replicaFull)) {
        change.old_record = Object.fromEntries(
          info.pk.filter((c) => c in change.old_record!).map((c) => [c, change.old_record![c]]),
        );
      }
      const filterRecord = change.type === 'DELETE' ? change.old_record : change.record;
      const targets = new Map<Channel, number[]>();
      for (const k of [key, `${change.schema}.*`, '*.*']) {
        for (const b of registry.index.get(k) ?? []) {
          if (b.event !== '*' && b.event !== change.type) continue;
          if (b.filter && !matchesFilter(b.filter, filterRecord, info.types.get(b.filter.column))) continue;
          const ch = b.channel;
          if (ch.closed || expired(ch, now)) continue;
          const ids = targets.get(ch);
          if (ids) ids.push(b.id);
          else targets.set(ch, [b.id]);
        }
      }
      if (targets.size) deliveries.push({ change, info, targets });
    }
    return deliveries;
  }

  /** Table -> caller key -> primary keys of the rows that caller may select. */
  async function visibility(deliveries: Delivery[]): Promise<Map<TableInfo, Map<string, Set<string>>>> {
    const checks = new Map<
      TableInfo,
      { rows: Map<string, Record<string, unknown>>; claims: Map<string, Record<string, unknown>> }
    >();
    for (const d of deliveries) {
      if (d.change.type === 'DELETE' || !d.info.pk.length) continue;
      for (const ch of d.targets.keys()) {
        if (d.info.openTo.has(ch.caller.role)) continue;
        let check = checks.get(d.info);
        if (!check) checks.set(d.info, (check = { rows: new Map(), claims: new Map() }));
        const k = pkKey(d.info, d.change.record);
        if (!check.rows.has(k))
          check.rows.set(k, Object.fromEntries(d.info.pk.map((c) => [c, d.change.record?.[c] ?? null])));
        if (!check.claims.has(ch.caller.key))
          check.claims.set(ch.caller.key, { ...ch.caller.claims, role: ch.caller.role });
      }
    }
    const visible = new Map<TableInfo, Map<string, Set<string>>>();
    for (const [info, check] of checks) {
      const claimKeys = [...check.claims.keys()];
      let sets: Set<string>[];
      try {
        sets = await capture.visibleKeys(info, [...check.rows.values()], [...check.claims.values()]);
      } catch (error) {
        console.error('[realtime] RLS check failed; withholding changes', error);
        sets = claimKeys.map(() => new Set());
      }
      visible.set(info, new Map(claimKeys.map((k, i) => [k, sets[i]!])));
    }
    return visible;
  }

  return async function deliver(changes: Change[]): Promise<void> {
    if (registry.index.size === 0) return;
    const deliveries = await match(changes);
    if (!deliveries.length) return;
    const visible = await visibility(deliveries);
    out.batch(() => send(deliveries, visible));
  };

  function send(deliveries: Delivery[], visible: Map<TableInfo, Map<string, Set<string>>>): void {
    for (const { change, info, targets } of deliveries) {
      const data: Record<string, unknown> = {
        schema: change.schema,
        table: change.table,
        commit_timestamp: change.commit_timestamp,
        type: change.type,
        columns: info.columns,
      };
      if (change.type !== 'DELETE') data.record = change.record;
      if (change.type !== 'INSERT') data.old_record = change.old_record ?? {};
      data.errors = null;
      const dataJson = JSON.stringify(data);
      const rowKey = change.type === 'DELETE' ? '' : pkKey(info, change.record);
      for (const [ch, ids] of targets) {
        if (ch.closed) continue;
        if (change.type !== 'DELETE' && !info.openTo.has(ch.caller.role)) {
          // Without a primary key a row cannot be looked up: deliver only where RLS is off.
          if (!info.pk.length ? info.rls : !visible.get(info)?.get(ch.caller.key)?.has(rowKey)) continue;
        }
        out.send(
          ch.conn,
          encodeText(
            ch.conn.vsn,
            ch.joinRef,
            null,
            ch.topic,
            'postgres_changes',
            `{"ids":${JSON.stringify(ids)},"data":${dataJson}}`,
          ),
        );
      }
    }
  }
}
