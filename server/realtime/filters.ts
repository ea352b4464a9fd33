// The postgres_changes filter realtime-js sends (`column=op.value`, e.g. `id=eq.7`,
// `status=in.(open,full)`), parsed once at join and checked against each change's record with the
// column's Postgres type, the way realtime's walrus compares them in SQL.

export type FilterOp = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface Filter {
  column: string;
  op: FilterOp;
  /** One value, or several for `in`. */
  values: string[];
}

const OPS = new Set<FilterOp>(['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in']);
const NUMERIC = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid', 'money']);
const TIMES = new Set(['timestamptz', 'timestamp', 'date', 'time', 'timetz']);

export class FilterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FilterError';
  }
}

function unquote(v: string): string {
  const t = v.trim();
  return t.length >= 2 && t.startsWith('"') && t.endsWith('"') ? t.slice(1, -1).replace(/\\(.)/g, '$1') : t;
}

/** Parses `column=op.value`; `types` (column name -> type name) checks the column and value. */
export function parseFilter(text: string, types?: Map<string, string>): Filter {
  const match = /^([^=]+)=([a-z]+)\.([\s\S]*)$/.exec(text.trim());
  if (!match) throw new FilterError(`invalid filter "${text}": expected column=operator.value`);
  const column = match[1]!.trim();
  const op = match[2] as FilterOp;
  if (!OPS.has(op))
    throw new FilterError(`invalid filter "${text}": unknown operator "${op}" (use eq, neq, lt, lte, gt, gte or in)`);
  let values: string[];
  if (op === 'in') {
    const list = /^\((.*)\)$/.exec(match[3]!.trim());
    if (!list) throw new FilterError(`invalid filter "${text}": in expects a list such as in.(1,2,3)`);
    values = list[1]!
      .split(',')
      .map(unquote)
      .filter((v) => v !== '');
    if (values.length === 0) throw new FilterError(`invalid filter "${text}": in needs at least one value`);
    if (values.length > 100) throw new FilterError(`invalid filter "${text}": in takes at most 100 values`);
  } else {
    values = [unquote(match[3]!)];
  }
  if (types) {
    const type = types.get(column);
    if (!type) throw new FilterError(`invalid filter "${text}": column "${column}" does not exist`);
    if (NUMERIC.has(type) && values.some((v) => !Number.isFinite(Number(v)))) {
      throw new FilterError(`invalid filter "${text}": "${column}" is ${type}, the value must be a number`);
    }
  }
  return { column, op, values };
}

type Comparable = number | string | boolean;

function normalize(value: unknown, type: string | undefined): Comparable | undefined {
  if (value === null || value === undefined) return undefined;
  if (type && NUMERIC.has(type)) {
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  if (type === 'bool') {
    if (typeof value === 'boolean') return value;
    const s = String(value).toLowerCase();
    return s === 't' || s === 'true' || s === '1' || s === 'yes' || s === 'on';
  }
  if (type === 'uuid') return String(value).toLowerCase();
  if (type && TIMES.has(type) && type !== 'time' && type !== 'timetz') {
    const ms = Date.parse(String(value).replace(' ', 'T'));
    return Number.isNaN(ms) ? String(value) : ms;
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** SQL semantics: a null column matches no operator. */
export function matchesFilter(
  filter: Filter,
  record: Record<string, unknown> | null | undefined,
  type: string | undefined,
): boolean {
  if (!record || !(filter.column in record)) return false;
  const left = normalize(record[filter.column], type);
  if (left === undefined) return false;
  const rights = filter.values.map((v) => normalize(v, type));
  const right = rights[0];
  switch (filter.op) {
    case 'eq':
      return left === right;
    case 'neq':
      return right !== undefined && left !== right;
    case 'in':
      return rights.some((r) => r === left);
    case 'lt':
      return right !== undefined && left < right;
    case 'lte':
      return right !== undefined && left <= right;
    case 'gt':
      return right !== undefined && left > right;
    case 'gte':
      return right !== undefined && left >= right;
  }
}
