// The plan cache: a GET or HEAD is planned once per shape (path, query string less the values of plain
// filters, profile, Prefer, Accept, Range) and schema snapshot, and later requests of it only fill in their values.
import { randomUUID } from 'node:crypto';
import { FILTER_OPERATORS } from './parse.ts';
import { prepare, type Prepared } from './prepare.ts';
import type { ApiRequest } from './request.ts';
import type { RestSettings } from './settings.ts';
import type { SchemaSnapshot } from './schema-cache.ts';

/**
 * Filters whose value reaches Postgres as one bind parameter, as it was sent (sql.ts's `condition`):
 * parse.ts's simple operators but like and ilike, whose `*` sql.ts turns into `%`.
 */
const PLAIN_FILTER = new RegExp(
  `^(?:not\\.)?(?:${Object.keys(FILTER_OPERATORS)
    .filter((op) => op !== 'like' && op !== 'ilike')
    .join('|')})\\.`,
);
/** Query parameters that are not filters (parse.ts's parseQuery): their values shape the plan. */
const RESERVED_KEYS = new Set(['select', 'columns', 'on_conflict']);
const RESERVED_LAST = new Set(['or', 'and', 'order', 'limit', 'offset']);

/**
 * A relation read's query string as its shape and the values of its plain filters (`id=eq.5`,
 * `my_team.registered_by=eq.<uuid>`, `name=not.eq.Red`), in order: reads that differ only in those
 * values share one plan (PlanCache). In the shape a plain filter keeps its operator and loses its
 * value, so the shape and the values together give back the query string's parameters.
 */
export function readShape(search: string): { shape: string; values: string[] } {
  const entries: [string, string][] = [];
  const values: string[] = [];
  for (const [key, value] of new URLSearchParams(search)) {
    const operator = plainOperator(key, value);
    if (operator) values.push(value.slice(operator.length));
    entries.push([key, operator ?? value]);
  }
  return { shape: JSON.stringify(entries), values };
}

/** A plain filter's operator with its dot (`eq.`, `not.gt.`), or undefined for any other parameter. */
function plainOperator(key: string, value: string): string | undefined {
  const last = key.slice(key.lastIndexOf('.') + 1);
  if (RESERVED_KEYS.has(key) || RESERVED_LAST.has(last)) return undefined;
  return PLAIN_FILTER.exec(value)?.[0];
}

/** Where a shared plan's filter values go: their indexes in its bind parameters (and its count's). */
interface Slots {
  params: number[];
  countParams?: number[];
}

interface PlanEntry {
  schema: SchemaSnapshot;
  prepared: Prepared;
  /** A plan shared by every read of its shape: where the request's filter values go. */
  slots?: Slots;
  /** The shape could not be shared: each request of it is planned, and kept, on its own. */
  unshared?: true;
}

/**
 * GET and HEAD statements planned once: requests of the same shape (path, query string less the
 * values of plain filters, profile, Prefer, Accept, Range: everything prepare() reads) against the
 * same schema snapshot get the statement planned the first time, with their own filter values as
 * its bind parameters. Parsing the query, planning the embeds and building the SQL was a fixed cost
 * on every read of the tournament list (bench/rest-overhead), and a plan per value (a player's id)
 * would have been re-planned once more players than `max` read. A shape is planned with a marker in
 * place of each value; it is shared only if each marker came out as exactly one whole bind parameter
 * (and nowhere in the SQL), else each request of that shape is planned on its own as before. A
 * schema reload makes a new snapshot: the older plans are dropped when it is first used. The least
 * recently used go past `max`.
 */
export class PlanCache {
  private readonly entries = new Map<string, PlanEntry>();
  /** The snapshot each schema's plans were made with. */
  private readonly current = new Map<string, SchemaSnapshot>();
  /** Marks a filter value's place while a shape is planned; never sent to Postgres. */
  private readonly marker = `\u0000plan-value-${randomUUID()}-`;
  constructor(
    private readonly options: RestSettings,
    private readonly max = 256,
  ) {}

  prepare(schema: SchemaSnapshot, request: ApiRequest): Prepared {
    const key = request.planKey;
    if (key === undefined) return prepare(schema, request, this.options);
    // A new snapshot of a schema: its older plans go at once, and with them the old snapshot they hold.
    if (this.current.get(schema.schema) !== schema) {
      for (const [k, entry] of this.entries) if (entry.schema.schema === schema.schema) this.entries.delete(k);
      this.current.set(schema.schema, schema);
    }
    const values = request.planValues ?? [];
    let entry = this.get(key, schema);
    if (!entry) {
      entry = values.length
        ? this.planShape(schema, request)
        : { schema, prepared: prepare(schema, request, this.options) };
      this.set(key, entry);
    }
    if (entry.slots) return fill(entry.prepared, entry.slots, values);
    if (!entry.unshared) return entry.prepared;
    const own = `${key}\n${JSON.stringify(values)}`;
    let alone = this.get(own, schema);
    if (!alone) this.set(own, (alone = { schema, prepared: prepare(schema, request, this.options) }));
    return alone.prepared;
  }

  private get(key: string, schema: SchemaSnapshot): PlanEntry | undefined {
    const hit = this.entries.get(key);
    this.entries.delete(key);
    if (hit?.schema !== schema) return undefined;
    this.entries.set(key, hit);
    return hit;
  }

  private set(key: string, entry: PlanEntry): void {
    this.entries.set(key, entry);
    if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Plans the request's shape with markers for its filter values, and finds where they went. */
  private planShape(schema: SchemaSnapshot, request: ApiRequest): PlanEntry {
    const values = request.planValues!;
    const markers = values.map((_, i) => `${this.marker}${i}`);
    const search = new URLSearchParams();
    let i = 0;
    for (const [key, value] of new URLSearchParams(request.search)) {
      const operator = plainOperator(key, value);
      search.append(key, operator ? operator + markers[i++] : value);
    }
    const prepared = prepare(schema, { ...request, search: `?${search}` }, this.options);
    const params = slotsOf(prepared.sql, prepared.params, markers, this.marker);
    const countParams = prepared.countSource
      ? slotsOf(prepared.countSource.sql, prepared.countSource.params, markers, this.marker)
      : undefined;
    if (!params || (prepared.countSource && !countParams)) return { schema, prepared, unshared: true };
    return { schema, prepared, slots: { params, countParams } };
  }
}

/** The index of each marker among the parameters, if each is exactly one whole parameter and in no SQL. */
function slotsOf(sql: string, params: unknown[], markers: string[], prefix: string): number[] | undefined {
  if (sql.includes(prefix)) return undefined;
  const at = markers.map(() => -1);
  for (let p = 0; p < params.length; p++) {
    const value = params[p];
    if (typeof value !== 'string' || !value.includes(prefix)) continue;
    const m = markers.indexOf(value);
    if (m < 0 || at[m] !== -1) return undefined;
    at[m] = p;
  }
  return at.includes(-1) ? undefined : at;
}

/** A shared plan with this request's filter values in their places. */
function fill(prepared: Prepared, slots: Slots, values: string[]): Prepared {
  const params = prepared.params.slice();
  slots.params.forEach((p, i) => (params[p] = values[i]));
  if (!prepared.countSource || !slots.countParams) return { ...prepared, params };
  const countParams = prepared.countSource.params.slice();
  slots.countParams.forEach((p, i) => (countParams[p] = values[i]));
  return { ...prepared, params, countSource: { ...prepared.countSource, params: countParams } };
}
