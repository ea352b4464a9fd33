// Step one of the pipeline: the query string and headers PostgREST clients send, parsed into plain
// data (PostgREST's ApiRequest and QueryParams). Nothing here knows the schema; names are checked
// against the schema cache by plan.ts.
import { parseError } from './errors.ts';

/** `->key`, `->>key`, `->0`: a step into a json/jsonb column (PostgREST's JSON path). */
export interface JsonStep {
  arrow: '->' | '->>';
  key: string;
  /** An array index (`->0`, `->-1`) rather than an object key. */
  index: boolean;
}

export type SelectItem =
  | { kind: 'star' }
  | { kind: 'column'; name: string; alias?: string; cast?: string; aggregate?: Aggregate; jsonPath?: JsonStep[] }
  | { kind: 'count'; alias?: string }
  | {
      kind: 'embed';
      name: string;
      alias?: string;
      hints: string[];
      inner: boolean;
      spread: boolean;
      select: SelectItem[];
    };

export type Aggregate = 'count' | 'sum' | 'avg' | 'max' | 'min';

export const FILTER_OPERATORS = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxr: '&<',
  nxl: '&>',
  adj: '-|-',
  isdistinct: 'is distinct from',
} as const;
export type SimpleOperator = keyof typeof FILTER_OPERATORS;
const FTS_OPERATORS = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
} as const;
export type FtsOperator = keyof typeof FTS_OPERATORS;
export const FTS_FUNCTIONS = FTS_OPERATORS;

export type Predicate =
  | { op: SimpleOperator; value: string; quantifier?: 'any' | 'all'; values?: string[] }
  | { op: 'in'; values: string[] }
  | { op: 'is'; value: 'null' | 'not_null' | 'true' | 'false' | 'unknown' }
  | { op: FtsOperator; value: string; config?: string };

/** A filter on one column (of the resource the path leads to) or a logic tree of them. */
export type Condition =
  | { kind: 'filter'; column: string; jsonPath?: JsonStep[]; negate: boolean; predicate: Predicate }
  | { kind: 'logic'; op: 'and' | 'or'; negate: boolean; children: Condition[] };

export interface OrderTerm {
  column: string;
  jsonPath?: JsonStep[];
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

/** Everything that applies to one level of the embedding tree: `teams.order=...` lands at ['teams']. */
export interface LevelParams {
  conditions: Condition[];
  order?: OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface QueryParams {
  select: SelectItem[];
  /** Keyed by the embedding path joined with '.', '' for the root. */
  levels: Map<string, LevelParams>;
  columns?: string[];
  onConflict?: string[];
  /** GET rpc: the query parameters that are not reserved words nor filters go here. */
  rpcArgs: Map<string, string>;
}

// ---------------------------------------------------------------------------------------------
// Small scanner shared by the select, order and logic-tree grammars.

const NAME_CHAR = /[A-Za-z0-9_$\u00C0-\uFFFF]/;

/**
 * Postgres ends a statement's text at a NUL byte, so a name holding one would cut the statement short
 * (Postgres answers 08P01, a protocol error). PostgREST trims names at the NUL; here the grammar
 * refuses them (PGRST100), so no name with a NUL gets near SQL. A NUL in a value is a bind parameter,
 * which Postgres refuses by itself (22021, a 400), as it does behind PostgREST.
 */
const NO_NUL = 'a name without a NUL character';

function refuseNul(what: string, text: string, name: string): void {
  const at = name.indexOf('\u0000');
  if (at >= 0) throw parseError(what, text, `unexpected NUL character at position ${at + 1}, expecting ${NO_NUL}`);
}

class Scanner {
  pos = 0;
  constructor(
    readonly text: string,
    readonly what: string,
  ) {}
  peek(n = 0): string {
    return this.text[this.pos + n] ?? '';
  }
  done(): boolean {
    return this.pos >= this.text.length;
  }
  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }
  eat(s: string): boolean {
    if (this.startsWith(s)) {
      this.pos += s.length;
      return true;
    }
    return false;
  }
  fail(expected: string): never {
    const found = this.done() ? 'end of input' : `"${this.peek()}"`;
    throw parseError(this.what, this.text, `unexpected ${found} at position ${this.pos + 1}, expecting ${expected}`);
  }
  expect(s: string): void {
    if (!this.eat(s)) this.fail(`"${s}"`);
  }
  /** A bare name or a double-quoted one ("my col", with "" or \" for a quote). */
  name(): string {
    if (this.peek() === '"') {
      this.pos++;
      let out = '';
      while (!this.done()) {
        const ch = this.peek();
        if (ch === '\\' && this.peek(1)) {
          if (this.peek(1) === '\u0000') {
            this.pos++;
            this.fail(NO_NUL);
          }
          out += this.peek(1);
          this.pos += 2;
        } else if (ch === '\u0000') {
          this.fail(NO_NUL);
        } else if (ch === '"') {
          if (this.peek(1) === '"') {
            out += '"';
            this.pos += 2;
          } else {
            this.pos++;
            return out;
          }
        } else {
          out += ch;
          this.pos++;
        }
      }
      this.fail('closing quote');
    }
    const start = this.pos;
    while (!this.done() && NAME_CHAR.test(this.peek())) this.pos++;
    if (this.pos === start) this.fail('a name');
    return this.text.slice(start, this.pos);
  }
  /** Zero or more `->key` / `->>key` / `->0` steps after a column name. */
  jsonPath(): JsonStep[] | undefined {
    const steps: JsonStep[] = [];
    while (this.startsWith('->')) {
      const arrow = this.eat('->>') ? '->>' : (this.eat('->'), '->');
      const index = /^-?\d+/.exec(this.text.slice(this.pos));
      if (index && !NAME_CHAR.test(this.peek(index[0].length) || ' ')) {
        this.pos += index[0].length;
        steps.push({ arrow, key: index[0], index: true });
      } else {
        steps.push({ arrow, key: this.name(), index: false });
      }
      if (steps.length > MAX_JSON_PATH) this.fail(`at most ${MAX_JSON_PATH} JSON path steps`);
    }
    return steps.length ? steps : undefined;
  }
}

const MAX_JSON_PATH = 16;

/** `col->a->>b` as the column and its JSON path (filter keys, where the grammar is the whole key). */
export function parseColumnPath(text: string, what: string): { column: string; jsonPath?: JsonStep[] } {
  const s = new Scanner(text, what);
  const column = s.name();
  const jsonPath = s.jsonPath();
  if (!s.done()) s.fail('"->", "->>" or the end of the column');
  return { column, jsonPath };
}

// ---------------------------------------------------------------------------------------------
// select=alias:col::cast,embed!hint!inner(...),...embed(...),count()

/** Deeper embeds than this are refused before they reach the planner (each level is a lateral join). */
export const MAX_EMBED_DEPTH = 16;

export function parseSelect(text: string): SelectItem[] {
  const s = new Scanner(text, 'select parameter');
  const items = selectList(s, 0);
  if (!s.done()) s.fail('"," or end of input');
  return items;
}

function selectList(s: Scanner, depth: number): SelectItem[] {
  if (depth > MAX_EMBED_DEPTH) throw parseError(s.what, s.text, `embeds nest at most ${MAX_EMBED_DEPTH} levels deep`);
  const items: SelectItem[] = [];
  if (s.done() || s.peek() === ')') return items;
  for (;;) {
    items.push(selectItem(s, depth));
    if (!s.eat(',')) return items;
  }
}

/**
 * A cast is one type name, optionally an array of it (`::text`, `::int8[]`): letters, digits and
 * underscores only, as PostgREST's grammar has it. It is the one piece of a request that reaches SQL
 * unquoted (quoting would break `int`, `bigint`...), so nothing else may pass.
 */
const CAST = /^[A-Za-z_][A-Za-z0-9_]{0,62}(\[\])?$/;

function selectItem(s: Scanner, depth: number): SelectItem {
  if (s.eat('*')) return { kind: 'star' };
  const spread = s.eat('...');
  let alias: string | undefined;
  let name = s.name();
  if (s.peek() === ':' && s.peek(1) !== ':') {
    s.pos++;
    alias = name;
    name = s.name();
  }
  if (s.peek() === '!' || s.peek() === '(') {
    if (name === 'count' && s.startsWith('()')) {
      s.pos += 2;
      return { kind: 'count', alias };
    }
    const hints: string[] = [];
    let inner = false;
    while (s.eat('!')) {
      const hint = s.name();
      if (hint === 'inner') inner = true;
      else if (hint !== 'left') hints.push(hint);
    }
    s.expect('(');
    const select = selectList(s, depth + 1);
    s.expect(')');
    return { kind: 'embed', name, alias, hints, inner, spread, select };
  }
  if (spread) s.fail('"(" after a spread embed');
  const jsonPath = s.jsonPath();
  let aggregate: Aggregate | undefined;
  if (s.peek() === '.') {
    s.pos++;
    const fn = s.name();
    if (!['count', 'sum', 'avg', 'max', 'min'].includes(fn)) s.fail('an aggregate (count, sum, avg, max, min)');
    s.expect('()');
    aggregate = fn as Aggregate;
  }
  let cast: string | undefined;
  if (s.eat('::')) {
    const start = s.pos;
    while (!s.done() && /[A-Za-z0-9_[\]]/.test(s.peek())) s.pos++;
    cast = s.text.slice(start, s.pos);
    if (!CAST.test(cast)) s.fail('a type name');
  }
  return { kind: 'column', name, alias, cast, aggregate, jsonPath };
}

// ---------------------------------------------------------------------------------------------
// order=col.desc.nullslast,other

export function parseOrder(text: string): OrderTerm[] {
  const s = new Scanner(text, 'order parameter');
  const terms: OrderTerm[] = [];
  for (;;) {
    const term: OrderTerm = { column: s.name() };
    term.jsonPath = s.jsonPath();
    if (s.peek() === '(')
      throw parseError('order parameter', text, 'ordering by an embedded resource is not supported by this server');
    while (s.eat('.')) {
      const word = s.name();
      if (word === 'asc' || word === 'desc') term.direction = word;
      else if (word === 'nullsfirst') term.nulls = 'first';
      else if (word === 'nullslast') term.nulls = 'last';
      else s.fail('"asc", "desc", "nullsfirst" or "nullslast"');
    }
    terms.push(term);
    if (s.done()) return terms;
    s.expect(',');
  }
}

// ---------------------------------------------------------------------------------------------
// Filters: `col=not.in.(a,"b,c")` at the top level, `or=(a.eq.1,and(b.gt.2,c.is.null))` as trees.

/** Parses the part after `col=`: [not.]op[(any|all)|(config)].value */
export function parseFilterValue(column: string, text: string, inTree = false): Condition {
  let rest = text;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const match = /^([a-z]+)(?:\(([a-z_]+)\))?\.([\s\S]*)$/.exec(rest);
  if (!match)
    throw parseError('filter', `${column}=${text}`, 'expected an operator followed by "." and a value, e.g. eq.1');
  const [, op, modifier, rawValue] = match as unknown as [string, string, string | undefined, string];
  const value = inTree ? unquote(rawValue) : rawValue;
  const fail = (details: string): never => {
    throw parseError('filter', `${column}=${text}`, details);
  };
  let predicate: Predicate;
  if (op === 'in') {
    if (modifier) fail('"in" takes no modifier');
    predicate = {
      op: 'in',
      values: parseList(rawValue, () => fail('expected a list in parentheses, e.g. in.(1,2,3)')),
    };
  } else if (op === 'is') {
    const v = value.toLowerCase();
    if (!['null', 'not_null', 'true', 'false', 'unknown'].includes(v))
      fail('"is" takes null, not_null, true, false or unknown');
    predicate = { op: 'is', value: v as 'null' };
  } else if (op in FTS_OPERATORS) {
    if (modifier && !/^[a-z_]+$/.test(modifier)) fail('invalid text search configuration');
    predicate = { op: op as FtsOperator, value, config: modifier };
  } else if (op in FILTER_OPERATORS) {
    if (modifier) {
      if (modifier !== 'any' && modifier !== 'all') fail('the modifier must be any or all');
      if (!['eq', 'like', 'ilike', 'gt', 'gte', 'lt', 'lte', 'match', 'imatch'].includes(op))
        fail(`"${op}" takes no modifier`);
      const values = parseList(rawValue.startsWith('{') ? `(${rawValue.slice(1, -1)})` : rawValue, () =>
        fail('expected a list in braces, e.g. like(any).{a*,b*}'),
      );
      predicate = { op: op as SimpleOperator, value, quantifier: modifier as 'any' | 'all', values };
    } else {
      predicate = { op: op as SimpleOperator, value };
    }
  } else {
    return fail(`unknown operator "${op}"`);
  }
  // `data->>key=eq.x`: the column part may step into a json column.
  if (column.includes('->')) return { kind: 'filter', ...parseColumnPath(column, 'filter'), negate, predicate };
  return { kind: 'filter', column, negate, predicate };
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

/** `(a,"b,c",d)` -> ['a', 'b,c', 'd']; quotes allow commas and parentheses, backslash escapes. */
function parseList(text: string, fail: () => never): string[] {
  if (!text.startsWith('(') || !text.endsWith(')')) fail();
  const inner = text.slice(1, -1);
  if (inner === '') return [];
  return splitTopLevel(inner).map((item) => unquote(item));
}

/** Splits on commas that are outside quotes and parentheses. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '\\') i++;
      else if (ch === '"') quoted = false;
    } else if (ch === '"') quoted = true;
    else if (ch === '(') depth++;
    else if (ch === ')') depth--;
    else if (ch === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** `or=(...)`: the key gave op and negation; text is the parenthesised list. */
export function parseLogicTree(op: 'and' | 'or', negate: boolean, text: string, depth = 0): Condition {
  const what = 'logic tree';
  if (depth > MAX_EMBED_DEPTH) throw parseError(what, text, `logic trees nest at most ${MAX_EMBED_DEPTH} levels deep`);
  if (!text.startsWith('(') || !text.endsWith(')'))
    throw parseError(what, text, 'expected a list in parentheses, e.g. or=(a.eq.1,b.eq.2)');
  const inner = text.slice(1, -1);
  if (inner.trim() === '') throw parseError(what, text, 'a logic tree needs at least one condition');
  const children = splitTopLevel(inner).map((item) => {
    const nested = /^(not\.)?(and|or)(\(.*\))$/s.exec(item);
    if (nested) return parseLogicTree(nested[2] as 'and' | 'or', !!nested[1], nested[3]!, depth + 1);
    const dot = fieldEnd(item);
    if (dot <= 0) throw parseError(what, text, `expected "column.operator.value", got "${item}"`);
    const column = unquote(item.slice(0, dot));
    refuseNul(what, text, column);
    return parseFilterValue(column, item.slice(dot + 1), true);
  });
  return { kind: 'logic', op, negate, children };
}

function fieldEnd(item: string): number {
  if (item.startsWith('"')) {
    const close = item.indexOf('"', 1);
    return close > 0 && item[close + 1] === '.' ? close + 1 : -1;
  }
  return item.indexOf('.');
}

function parseNonNegative(key: string, value: string): number {
  if (!/^\d{1,15}$/.test(value)) throw parseError(key, value, `${key} must be a non-negative integer`);
  return Number(value);
}

/** Splits the `columns`/`on_conflict` list, where names may be quoted ("a","b"). */
export function parseNameList(key: string, text: string): string[] {
  const s = new Scanner(text, `${key} parameter`);
  const names: string[] = [];
  for (;;) {
    names.push(s.name());
    if (s.done()) return names;
    s.expect(',');
  }
}

/**
 * Sorts the query string into select, per-level filters/order/limit/offset, and the other reserved
 * parameters. `rpcArgNames`: for GET rpc calls, parameters with these names are arguments.
 */
export function parseQuery(search: URLSearchParams, rpcArgNames?: Set<string>): QueryParams {
  const levels = new Map<string, LevelParams>();
  const level = (path: string): LevelParams => {
    let l = levels.get(path);
    if (!l) levels.set(path, (l = { conditions: [] }));
    return l;
  };
  level('');
  const result: QueryParams = { select: [{ kind: 'star' }], levels, rpcArgs: new Map() };
  for (const [key, value] of search) {
    if (key === 'select') {
      result.select = parseSelect(value);
      continue;
    }
    if (key === 'columns') {
      result.columns = parseNameList('columns', value);
      continue;
    }
    if (key === 'on_conflict') {
      result.onConflict = parseNameList('on_conflict', value);
      continue;
    }
    if (rpcArgNames?.has(key)) {
      result.rpcArgs.set(key, value);
      continue;
    }
    refuseNul('query parameter', key, key);
    const segments = key.split('.');
    const last = segments[segments.length - 1]!;
    const beforeLast = segments[segments.length - 2];
    if (last === 'or' || last === 'and') {
      const negate = beforeLast === 'not';
      const path = segments.slice(0, negate ? -2 : -1).join('.');
      level(path).conditions.push(parseLogicTree(last, negate, value));
    } else if (last === 'order') {
      level(segments.slice(0, -1).join('.')).order = parseOrder(value);
    } else if (last === 'limit') {
      level(segments.slice(0, -1).join('.')).limit = parseNonNegative(key, value);
    } else if (last === 'offset') {
      level(segments.slice(0, -1).join('.')).offset = parseNonNegative(key, value);
    } else {
      level(segments.slice(0, -1).join('.')).conditions.push(parseFilterValue(last, value));
    }
  }
  return result;
}
