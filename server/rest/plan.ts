// Step two: the parsed request checked against the schema cache (PostgREST's Plan). Every table,
// column, relationship and function name a request uses is resolved here, so the SQL builder only
// ever sees names that exist; anything else is an error from the catalogue.
import { ApiError, columnNotFound, parseError, tableNotFound } from './errors.ts';
import type { Aggregate, Condition, LevelParams, OrderTerm, QueryParams, SelectItem } from './parse.ts';
import { relationshipsBetween, type Column, type Func, type Relationship, type SchemaSnapshot } from './schema-cache.ts';

export type Projection =
  | { kind: 'column'; column: string; output: string; cast?: string; aggregate?: Aggregate }
  | { kind: 'count'; output: string }
  | { kind: 'embed'; output: string; node: ReadNode; relationship: Relationship; inner: boolean; spread: boolean };

export type PlannedCondition =
  | { kind: 'filter'; column: string; negate: boolean; predicate: Extract<Condition, { kind: 'filter' }>['predicate'] }
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

/** Plans the read part of any request (GET, the representation of a mutation, an rpc's rows). */
export function planRead(schema: SchemaSnapshot, input: PlanInput, query: QueryParams): ReadNode {
  let counter = 0;
  const nextAlias = () => `pgrst_${++counter}`;
  const usedPaths = new Set<string>();

  const planLevel = (source: PlanInput, select: SelectItem[], path: string): ReadNode => {
    usedPaths.add(path);
    const columns = new Map(source.columns.map((c) => [c.name, c]));
    const node: ReadNode = {
      relation: source.relation,
      embedSource: source.embedSource,
      columns,
      alias: nextAlias(),
      projection: [],
      conditions: [],
      order: [],
    };
    const requireColumn = (name: string) => {
      if (!columns.has(name)) throw columnNotFound(source.relation, name);
    };
    for (const item of select) {
      if (item.kind === 'star') {
        for (const c of source.columns) node.projection.push({ kind: 'column', column: c.name, output: c.name });
      } else if (item.kind === 'count' || (item.kind === 'column' && item.name === 'count' && !item.aggregate && !columns.has('count'))) {
        node.projection.push({ kind: 'count', output: item.alias ?? 'count' });
      } else if (item.kind === 'column') {
        requireColumn(item.name);
        node.projection.push({
          kind: 'column',
          column: item.name,
          output: item.alias ?? (item.aggregate ? item.aggregate : item.name),
          cast: item.cast,
          aggregate: item.aggregate,
        });
      } else {
        const { relationship, target } = resolveEmbed(schema, source, item);
        const targetTable = schema.tables.get(target)!;
        const output = item.alias ?? item.name;
        if (item.spread && !relationship.toOne) {
          throw parseError('select parameter', item.name, `A spread operation on '${item.name}' is only possible if it is a to-one relationship`);
        }
        const child = planLevel({ relation: target, columns: targetTable.columns, embedSource: target }, item.select, path ? `${path}.${output}` : output);
        node.projection.push({ kind: 'embed', output, node: child, relationship, inner: item.inner, spread: item.spread });
      }
    }
    const params: LevelParams | undefined = query.levels.get(path);
    if (params) {
      const embedOutputs = new Set(node.projection.filter((p) => p.kind === 'embed' && !p.spread).map((p) => p.output));
      const planCondition = (c: Condition, topLevel: boolean): PlannedCondition => {
        if (c.kind === 'logic') return { ...c, children: c.children.map((x) => planCondition(x, false)) };
        if (topLevel && !columns.has(c.column) && embedOutputs.has(c.column) && c.predicate.op === 'is') {
          const v = c.predicate.value;
          if (v !== 'null' && v !== 'not_null') throw parseError('filter', c.column, 'an embedded resource can only be filtered with is.null or not.is.null');
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
  for (const path of query.levels.keys()) {
    if (!usedPaths.has(path)) {
      throw new ApiError('PGRST108', `'${path}' is not an embedded resource in this request`, null,
        `Verify that '${path}' is included in the 'select' query parameter.`);
    }
  }
  return root;
}

/** Finds the one relationship an embed means, using its hints (PostgREST's findRel). */
function resolveEmbed(
  schema: SchemaSnapshot,
  source: PlanInput,
  item: Extract<SelectItem, { kind: 'embed' }>,
): { relationship: Relationship; target: string } {
  const from = source.embedSource ?? source.relation;
  let target = item.name;
  let candidates: Relationship[];
  if (schema.tables.has(item.name)) {
    candidates = relationshipsBetween(schema, from, item.name);
  } else {
    // `select=*,captain:captain_id(*)` or `select=*,teams_captain_id_fkey(*)`: embed by column or constraint.
    const fk = schema.foreignKeys.find(
      (k) => k.table === from && (k.name === item.name || (k.columns.length === 1 && k.columns[0] === item.name)),
    );
    if (!fk) throw noRelationship(from, item.name);
    target = fk.refTable;
    candidates = relationshipsBetween(schema, from, target).filter((r) => r.kind === 'many-to-one' && r.constraint === fk.name);
  }
  for (const hint of item.hints) {
    candidates = candidates.filter((r) => matchesHint(r, hint));
  }
  if (candidates.length === 0) throw noRelationship(from, item.name, item.hints);
  if (candidates.length > 1) {
    // A self-referencing key named by its column means the many-to-one side.
    const m2o = candidates.filter((r) => r.kind === 'many-to-one');
    if (item.hints.length > 0 && m2o.length === 1 && from === target) return { relationship: m2o[0]!, target };
    throw new ApiError(
      'PGRST201',
      `Could not embed because more than one relationship was found for '${from}' and '${item.name}'`,
      candidates.map((r) => ({
        cardinality: r.kind,
        embedding: `${from} with ${target}`,
        relationship: r.junction
          ? `${r.junction.table} using ${r.junction.constraints.join(' and ')}`
          : `${r.constraint} using ${from}(${r.sourceColumns.join(', ')}) and ${target}(${r.targetColumns.join(', ')})`,
      })),
      `Try changing '${item.name}' to one of the following: ${candidates
        .map((r) => `'${item.name}!${r.junction ? r.junction.table : r.constraint}'`)
        .join(', ')}. Find the desired relationship in the 'details' key.`,
    );
  }
  return { relationship: candidates[0]!, target };
}

function matchesHint(r: Relationship, hint: string): boolean {
  if (r.junction) return r.junction.table === hint || r.junction.constraints.includes(hint);
  if (r.constraint === hint) return true;
  // The referencing column, on whichever side it is.
  const referencing = r.kind === 'many-to-one' ? r.sourceColumns : r.targetColumns;
  return referencing.length === 1 && referencing[0] === hint;
}

function noRelationship(from: string, name: string, hints: string[] = []): ApiError {
  const hinted = hints.length ? ` using the hint '${hints.join('!')}'` : '';
  return new ApiError(
    'PGRST200',
    `Could not find a relationship between '${from}' and '${name}' in the schema cache`,
    `Searched for a foreign key relationship between '${from}' and '${name}'${hinted} in the schema 'public', but no matches were found.`,
    null,
  );
}

export function requireTable(schema: SchemaSnapshot, name: string) {
  const table = schema.tables.get(name);
  if (!table) throw tableNotFound(name);
  return table;
}

/** Picks the overload of `name` that takes exactly these named arguments (PostgREST's callable). */
export function resolveFunction(schema: SchemaSnapshot, name: string, argNames: string[]): Func {
  const overloads = schema.functions.get(name) ?? [];
  const fits = overloads.filter(
    (f) =>
      argNames.every((a) => f.args.some((x) => x.name === a)) &&
      f.args.every((x) => x.hasDefault || argNames.includes(x.name)) &&
      f.args.every((x) => x.name !== ''),
  );
  if (fits.length === 1) return fits[0]!;
  const signature = `public.${name}(${[...argNames].sort().join(', ')})`;
  if (fits.length === 0) {
    throw new ApiError(
      'PGRST202',
      `Could not find the function ${signature} in the schema cache`,
      `Searched for the function ${signature}${argNames.length ? ' with parameters ' + argNames.join(', ') : ' without parameters'}, but no matches were found in the schema cache.`,
      overloads.length ? `Perhaps you meant to call the function public.${name}(${overloads[0]!.args.map((a) => a.name).join(', ')})` : null,
    );
  }
  throw new ApiError(
    'PGRST203',
    `Could not choose the best candidate function between: ${fits.map((f) => `public.${name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`).join(', ')}`,
    null,
    'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
  );
}
