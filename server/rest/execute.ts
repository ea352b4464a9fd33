// Step four: the prepared statement runs in one transaction as the caller (role and request.jwt.claims
// set locally, so RLS decides), with the checks that undo it and `Prefer: tx=rollback`.
import { asCaller, type Caller } from '../context.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError, notSingle } from './errors.ts';
import type { Representation } from './headers.ts';
import type { Prepared } from './prepare.ts';
import type { ApiRequest } from './request.ts';
import type { RestSettings } from './settings.ts';
import { ident } from './sql.ts';

export interface ResultRow {
  total: string | null;
  body: string | null;
  page_total: string;
  location?: string | null;
  inserted?: string | null;
}

/** What runs in the transaction comes back out: the row, or the plan EXPLAIN printed. */
export type Outcome = { row: ResultRow; plan?: undefined } | { plan: string; row?: undefined };

/** Thrown out of the transaction to roll it back (`Prefer: tx=rollback`) while keeping its answer. */
class Rollback {
  constructor(readonly outcome: Outcome) {}
}

export async function execute(
  db: Database,
  caller: Caller,
  request: ApiRequest,
  prepared: Prepared,
  settings: RestSettings,
): Promise<Outcome> {
  // The request's schema first, then db-extra-search-path, as PostgREST sets search_path.
  const searchPath = [request.schema, ...settings.extraSearchPath].map(ident).join(', ');
  // db-tx-end: `Prefer: tx` was read only where it may override the default (parsePrefer).
  const rollback = request.prefer.tx ? request.prefer.tx === 'rollback' : settings.txEnd.startsWith('rollback');
  try {
    return await asCaller(db, { ...caller, searchPath }, async (tx) => {
      // PostgREST runs GET/HEAD in a read-only transaction: a GET rpc cannot write (25006 -> 405).
      if (request.target.kind === 'rpc' && request.method !== 'POST') await tx.exec('set transaction read only');
      const result = request.accept.plan
        ? { plan: await explain(tx, prepared, request.accept.plan) }
        : { row: await run(tx, prepared, request, settings.maxRows) };
      if (rollback) throw new Rollback(result);
      return result;
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
    return error.outcome;
  }
}

/** Runs the statement and applies the checks that undo it: one object asked for, max-affected. */
async function run(tx: Queryable, prepared: Prepared, request: ApiRequest, maxRows: number | null): Promise<ResultRow> {
  const result = await tx.query<ResultRow>(prepared.sql, prepared.params);
  const row = result.rows[0]!;
  const affected = Number(row.page_total);
  // A mutation that asked for one object and touched another number of rows is undone.
  if (prepared.kind !== 'read' && prepared.kind !== 'call' && prepared.single && affected !== 1)
    throw notSingle(affected);
  // max-affected (with handling=strict) counts what PATCH, DELETE and rpc calls touched.
  const counted = prepared.kind === 'update' || prepared.kind === 'delete' || request.target.kind === 'rpc';
  if (counted && request.prefer.maxAffected !== undefined && affected > request.prefer.maxAffected) {
    throw new ApiError(
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${affected} rows`,
    );
  }
  if (prepared.countSource)
    row.total = String(await countEstimate(tx, prepared.countSource, request, row.total, maxRows));
  return row;
}

/** count=planned: the planner's estimate; count=estimated: the exact count up to max_rows, the estimate past it. */
async function countEstimate(
  tx: Queryable,
  source: NonNullable<Prepared['countSource']>,
  request: ApiRequest,
  exact: string | null,
  maxRows: number | null,
): Promise<number> {
  if (request.prefer.count === 'estimated' && exact !== null && (maxRows === null || Number(exact) <= maxRows))
    return Number(exact);
  return plannedRows(tx, source);
}

async function plannedRows(tx: Queryable, source: { sql: string; params: unknown[] }): Promise<number> {
  const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${source.sql}`, source.params);
  const doc = rows[0]?.['QUERY PLAN'];
  const plan = (typeof doc === 'string' ? JSON.parse(doc) : doc) as { Plan?: { 'Plan Rows'?: number } }[];
  return Math.round(plan[0]?.Plan?.['Plan Rows'] ?? 0);
}

/** `Accept: application/vnd.pgrst.plan`: EXPLAIN the statement with the options asked for. */
async function explain(tx: Queryable, prepared: Prepared, plan: NonNullable<Representation['plan']>): Promise<string> {
  const options = [`format ${plan.format}`];
  for (const option of ['analyze', 'verbose', 'settings', 'buffers', 'wal'] as const)
    if (plan[option]) options.push(option);
  const { rows } = await tx.query<{ 'QUERY PLAN': unknown }>(
    `explain (${options.join(', ')}) ${prepared.sql}`,
    prepared.params,
  );
  if (plan.format === 'text') return rows.map((r) => String(r['QUERY PLAN'])).join('\n');
  const doc = rows[0]?.['QUERY PLAN'];
  return typeof doc === 'string' ? doc : JSON.stringify(doc);
}
