// Step two: the parsed request checked against the schema cache (PostgREST's Plan). Every table,
// column, relationship and function name a request uses is resolved here, so the SQL builder only
// ever sees names that exist; anything else is an error from the catalogue.
import { ApiError, columnNotFound, parseError, tableNotFound } from './errors.ts';
import type { Aggregate, Condition, JsonStep, LevelParams, OrderTerm, QueryParams, SelectItem } from './parse.ts';
import {
  relationshipsBetween,
  type Column,
  type Func,
  type Relationship,
  type SchemaSnapshot,
} from './schema-cache.ts';

export type Projection =
  | { kind: 'column'; column: string; output: string; cast?: string; aggregate?: Aggregate; jsonPath?: JsonStep[] }
  | { kind: 'count'; output: string }
  | {
      kind: 'embed';
      output: string;
      node: ReadNode;
      relationship: Relationship;
      inner: boolean;
      spread: boolean;
      /** `users()`: joined for filtering, left out of the output. */
      hidden: boolean;
    };

export type PlannedCondition =
  | {
      kind: 'filter';
      column: string;
      jsonPath?: JsonStep[];
      negate: boolean;
      predicate: Extract<Condition, { kind: 'filter' }>['predicate'];
    }
  | { kind: 'logic'; op: 'and' | 'or'; negate: boolean; children: PlannedCondition[] }
  /** `embed=is.null` / `embed=not.is.null`: whether the embedded resource came back empty. */
  | { kind: 'embedded'; output: string; isNull: boolean };

/** One level of the embedding tree: what to read from one relation. */
export interface ReadNode {
  /** The relation's name for messages and the SQL (a table or view of `public`). */
  relation: string;
  /** The relation embeds start from (a function's result uses its row type's table). */
  embedSource?: string;
  columns: Map<string, Column>;
  /** Computed fields used at this level: the name and the function that computes it from the row. */
  computed: Map<string, string>;
  /** SQL alias, unique in the statement: pgrst_1, pgrst_2, ... */
  alias: string;
  projection: Projection[];
  conditions: PlannedCondition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface PlanInput {
  relation: string;
  columns: Column[];
  embedSource?: string;
}

/**
 * Plans the read part of any request (GET, the representation of a mutation, an rpc's rows).
 * `aggregatesEnabled`: db-aggregates-enabled; off, an aggregate anywhere is PGRST123.
 */
export function planRead(
  schema: SchemaSnapshot,
  input: PlanInput,
  query: QueryParams,
  aggregatesEnabled: boolean,
): ReadNode {
  let counter = 0;
  const nextAlias = () => `pgrst_${++counter}`;
  const usedPaths = new Set<string>();

  const planLevel = (source: PlanInput, select: SelectItem[], path: string): ReadNode => {
    usedPaths.add(path);
    const columns = new Map(source.columns.map((c) => [c.name, c]));
    const computedFields =
      schema.tables.get(source.embedSource ?? source.relation)?.computed ?? new Map<string, Func>();
    const node: ReadNode = {
      relation: source.relation,
      embedSource: source.embedSource,
      columns,
      computed: new Map(),
      alias: nextAlias(),
      projection: [],
      conditions: [],
      order: [],
    };
    const requireColumn = (name: string) => {
      if (columns.has(name)) return;
      const fn = computedFields.get(name);
      // Postgres names an embedded level by its alias in PostgREST's statement: messages_1.
      if (!fn)
        throw columnNotFound(path === '' ? source.relation : `${source.relation}_${path.split('.').length}`, name);
      node.computed.set(name, fn.name);
    };
    const outputs = new Set<string>();
    const claimOutput = (name: string) => {
      // Two embeds under one name would be two lateral joins with one alias: Postgres refuses that.
      // PostgREST names the join after the parent, the embed and its depth: best_friends_users_1.
      const depth = path === '' ? 1 : path.split('.').length + 1;
      if (outputs.has(name))
        throw new ApiError('42712', `table name "${source.relation}_${name}_${depth}" specified more than once`);
      outputs.add(name);
    };
    for (const item of select) {
      if (item.kind === 'star') {
        for (const c of source.columns) node.projection.push({ kind: 'column', column: c.name, output: c.name });
      } else if (
        item.kind === 'count' ||
        (item.kind === 'column' && item.name === 'count' && !item.aggregate && !columns.has('count'))
      ) {
        node.projection.push({ kind: 'count', output: item.alias ?? 'count' });
      } else if (item.kind === 'column') {
        requireColumn(item.name);
        // A JSON path's output is named after its last key, as PostgREST names it.
        const pathName = item.jsonPath?.findLast((step) => !step.index)?.key;
        node.projection.push({
          kind: 'column',
          column: item.name,
          output: item.alias ?? (item.aggregate ? item.aggregate : (pathName ?? item.name)),
          cast: item.cast,
          aggregate: item.aggregate,
          jsonPath: item.jsonPath,
        });
      } else {
        const { relationship, target } = resolveEmbed(schema, source, item);
        const targetTable = schema.tables.get(target)!;
        const output = item.alias ?? item.name;
        claimOutput(output);
        const child = planLevel(
          { relation: target, columns: targetTable.columns, embedSource: target },
          item.select,
          path ? `${path}.${output}` : output,
        );
        const hidden = item.select.length === 0 && !item.spread;
        node.projection.push({
          kind: 'embed',
          output,
          node: child,
          relationship,
          inner: item.inner,
          spread: item.spread,
          hidden,
        });
      }
    }
    const params: LevelParams | undefined = query.levels.get(path);
    if (params) {
      const embedOutputs = new Set(node.projection.filter((p) => p.kind === 'embed' && !p.spread).map((p) => p.output));
      const planCondition = (c: Condition, topLevel: boolean): PlannedCondition => {
        if (c.kind === 'logic') return { ...c, children: c.children.map((x) => planCondition(x, false)) };
        if (topLevel && !columns.has(c.column) && embedOutputs.has(c.column) && c.predicate.op === 'is') {
          const v = c.predicate.value;
          if (v !== 'null' && v !== 'not_null')
            throw parseError(
              'filter',
              c.column,
              'an embedded resource can only be filtered with is.null or not.is.null',
            );
          return { kind: 'embedded', output: c.column, isNull: (v === 'null') !== c.negate };
        }
        requireColumn(c.column);
        return c;
      };
      node.conditions = params.conditions.map((c) => planCondition(c, true));
      for (const term of params.order ?? []) requireColumn(term.column);
      node.order = params.order ?? [];
      node.limit = params.limit;
      node.offset = params.offset;
    }
    return node;
  };

  const root = planLevel(input, query.select, '');
  if (!aggregatesEnabled && hasAggregate(root))
    throw new ApiError('PGRST123', 'Use of aggregate functions is not allowed');
  for (const path of query.levels.keys()) {
    if (!usedPaths.has(path)) {
      throw new ApiError(
        'PGRST108',
        `'${path}' is not an embedded resource in this request`,
        null,
        `Verify that '${path}' is included in the 'select' query parameter.`,
      );
    }
  }
  return root;
}

function hasAggregate(node: ReadNode): boolean {
  return node.projection.some((p) =>
    p.kind === 'embed' ? hasAggregate(p.node) : p.kind === 'count' || (p.kind === 'column' && !!p.aggregate),
  );
}

/** Finds the one relationship an embed means, using its hints (PostgREST's findRel). */
function resolveEmbed(
  schema: SchemaSnapshot,
  source: PlanInput,
  item: Extract<SelectItem, { kind: 'embed' }>,
): { relationship: Relationship; target: string } {
  const from = source.embedSource ?? source.relation;
  // A computed relationship is named by its function, never by the table it returns rows of:
  // `users?select=messages(*)` is the foreign key even when get_messages(users) returns messages.
  const computed = computedRelationships(schema, from, item.name);
  let target = item.name;
  let candidates: Relationship[];
  if (schema.tables.has(item.name)) {
    candidates = [...relationshipsBetween(schema, from, item.name), ...computed];
  } else if (computed.length > 0) {
    // `select=id,messages:get_messages(*)`: a function of the row returning rows of another table.
    target = computed[0]!.target;
    candidates = computed;
  } else {
    ({ target, candidates } = byColumnOrConstraint(schema, from, item.name));
  }
  for (const hint of item.hints) {
    candidates = candidates.filter((r) => matchesHint(r, hint));
  }
  if (candidates.length === 0) throw noRelationship(schema.schema, from, item.name, item.hints);
  // A table's key to itself is two relationships, to its parent and to its children: PostgREST takes
  // the children (`collections?select=*,collections(*)`, or `collections!parent_id(*)`).
  const children = candidates.filter((r) => r.kind !== 'many-to-one');
  if (candidates.length === 2 && from === target && children.length === 1)
    return { relationship: children[0]!, target };
  if (candidates.length > 1) throw ambiguousEmbed(from, target, item.name, candidates);
  return { relationship: candidates[0]!, target };
}

/** Functions named `name` that take a row of `from` and return rows of a table: computed relationships. */
function computedRelationships(schema: SchemaSnapshot, from: string, name: string): Relationship[] {
  return (schema.functions.get(name) ?? [])
    .filter((f) => f.argTable === from && f.returnTable && f.returns === 'composite')
    .map((f) => ({
      kind: 'computed',
      source: from,
      target: f.returnTable!,
      constraint: f.name,
      sourceColumns: [],
      targetColumns: [],
      toOne: !f.setof || !!f.singleRow,
      function: f.name,
    }));
}

/**
 * `select=*,captain:captain_id(*)` or `select=*,teams_captain_id_fkey(*)`: an embed named by a
 * foreign key's column or constraint, from either side of the key.
 */
function byColumnOrConstraint(
  schema: SchemaSnapshot,
  from: string,
  name: string,
): { target: string; candidates: Relationship[] } {
  const fk = schema.foreignKeys.find(
    (k) => k.table === from && (k.name === name || (k.columns.length === 1 && k.columns[0] === name)),
  );
  const referencing = fk ? undefined : schema.foreignKeys.find((k) => k.refTable === from && k.name === name);
  if (!fk && !referencing) throw noRelationship(schema.schema, from, name);
  const target = fk ? fk.refTable : referencing!.table;
  const constraint = (fk ?? referencing)!.name;
  const candidates = relationshipsBetween(schema, from, target).filter(
    (r) => r.constraint === constraint && (fk ? r.kind === 'many-to-one' : r.kind !== 'many-to-one' && !r.junction),
  );
  return { target, candidates };
}

function ambiguousEmbed(from: string, target: string, name: string, candidates: Relationship[]): ApiError {
  return new ApiError(
    'PGRST201',
    `Could not embed because more than one relationship was found for '${from}' and '${name}'`,
    candidates.map((r) => ({
      cardinality: r.kind,
      embedding: `${from} with ${target}`,
      relationship: r.junction
        ? `${r.junction.table} using ${r.junction.constraints.join(' and ')}`
        : `${r.constraint} using ${from}(${r.sourceColumns.join(', ')}) and ${target}(${r.targetColumns.join(', ')})`,
    })),
    `Try changing '${name}' to one of the following: ${candidates
      .map((r) => `'${name}!${r.junction ? r.junction.table : r.constraint}'`)
      .join(', ')}. Find the desired relationship in the 'details' key.`,
  );
}

function matchesHint(r: Relationship, hint: string): boolean {
  if (r.junction) return r.junction.table === hint || r.junction.constraints.includes(hint);
  // PostgREST cannot tell a key to the same table apart by its constraint name (supabase-js#2517).
  if (r.constraint === hint) return r.source !== r.target;
  // The referencing column, on whichever side it is.
  const referencing = r.kind === 'many-to-one' ? r.sourceColumns : r.targetColumns;
  return referencing.length === 1 && referencing[0] === hint;
}

function noRelationship(schemaName: string, from: string, name: string, hints: string[] = []): ApiError {
  const hinted = hints.length ? ` using the hint '${hints.join('!')}'` : '';
  return new ApiError(
    'PGRST200',
    `Could not find a relationship between '${from}' and '${name}' in the schema cache`,
    `Searched for a foreign key relationship between '${from}' and '${name}'${hinted} in the schema '${schemaName}', but no matches were found.`,
    null,
  );
}

export function requireTable(schema: SchemaSnapshot, name: string) {
  const table = schema.tables.get(name);
  if (!table) throw tableNotFound(name, schema.schema);
  return table;
}

/** Which overload a call means, and whether the body goes in whole as its one unnamed json argument. */
export interface ResolvedFunction {
  fn: Func;
  positional: boolean;
}

const JSON_TYPES = new Set(['json', 'jsonb']);

/**
 * Picks the overload of `name` these named arguments call (PostgREST's findProc): the required
 * parameters must all be given, optional ones may be, nothing else. A POST with a JSON body falls
 * back to a function with one json/jsonb parameter. A function whose one parameter is unnamed takes
 * the whole body. Only callable functions count (Func.callable). PGRST203 when more than one fits,
 * PGRST202 (worded as PostgREST words it) when none does.
 */
export function resolveFunction(
  schema: SchemaSnapshot,
  name: string,
  argNames: string[],
  post = false,
): ResolvedFunction {
  const overloads = (schema.functions.get(name) ?? []).filter((f) => f.callable);
  const matches = (f: Func) => {
    const optional = new Set(f.args.filter((x) => x.hasDefault).map((x) => x.name));
    const required = f.args.filter((x) => !x.hasDefault).map((x) => x.name);
    const rest = new Set(argNames.filter((a) => !optional.has(a)));
    return rest.size === required.length && required.every((r) => rest.has(r));
  };
  const resolved = (fn: Func) => ({ fn, positional: fn.args.length === 1 && fn.args[0]!.name === '' });
  const named = overloads.filter(matches);
  if (named.length === 1) return resolved(named[0]!);
  if (named.length > 1) throw ambiguousFunction(schema.schema, name, named);
  const single = post ? overloads.filter((f) => f.args.length === 1 && JSON_TYPES.has(f.args[0]!.type)) : [];
  if (single.length === 1) return resolved(single[0]!);
  if (single.length > 1) throw ambiguousFunction(schema.schema, name, single);

  const func = `${schema.schema}.${name}`;
  const sorted = [...argNames].sort();
  const withParams =
    sorted.length === 0 ? ' without parameters' : ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}`;
  throw new ApiError(
    'PGRST202',
    `Could not find the function ${func}${sorted.length === 0 ? ' without parameters' : `(${sorted.join(', ')})`} in the schema cache`,
    `Searched for the function ${func}${withParams}${post ? ' or with a single unnamed json/jsonb parameter' : ''}, but no matches were found in the schema cache.`,
    functionHint(schema, name, sorted, overloads),
  );
}

/** PostgREST's order of overloads: by their parameters' names, then types, fewer first. */
function byParameters(a: Func, b: Func): number {
  for (let i = 0; i < Math.min(a.args.length, b.args.length); i++) {
    const [x, y] = [a.args[i]!, b.args[i]!];
    if (x.name !== y.name) return x.name < y.name ? -1 : 1;
    if (x.type !== y.type) return x.type < y.type ? -1 : 1;
  }
  return a.args.length - b.args.length;
}

function ambiguousFunction(schemaName: string, name: string, candidates: Func[]): ApiError {
  return new ApiError(
    'PGRST203',
    `Could not choose the best candidate function between: ${candidates
      .sort(byParameters)
      .map((f) => `${schemaName}.${name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`)
      .join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}

/** PostgREST's "Perhaps you meant": the closest overload's parameters, or the closest function name. */
function functionHint(schema: SchemaSnapshot, name: string, argNames: string[], overloads: Func[]): string | null {
  const wanted = argNames.join(', ');
  if (overloads.length > 0) {
    const best = closest(
      wanted,
      overloads.map((f) =>
        f.args
          .map((a) => a.name)
          .sort()
          .join(', '),
      ),
    );
    return `Perhaps you meant to call the function ${schema.schema}.${name}(${best})`;
  }
  const names = [...schema.functions].filter(([, list]) => list.some((f) => f.callable)).map(([n]) => n);
  if (names.length === 0) return null;
  const best = closest(name, names);
  return best === undefined || distance(best, name) > Math.max(3, name.length / 3)
    ? null
    : `Perhaps you meant to call the function ${schema.schema}.${best}`;
}

function closest(target: string, candidates: string[]): string {
  return candidates.reduce((best, c) => (distance(c, target) < distance(best, target) ? c : best), candidates[0]!);
}

/** Levenshtein distance, bounded to the short strings names are. */
function distance(a: string, b: string): number {
  if (a.length > 200 || b.length > 200) return Math.abs(a.length - b.length) + 200;
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length]!;
}
