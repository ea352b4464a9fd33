// The studio page's script: the table list, one table's rows (paging, sorting, a filter) and the
// dialogs that insert, edit and delete rows through /studio/api. Data only ever reaches the page
// as text nodes, never as HTML. Served at /studio/assets/studio.js, compiled by Vite (routes.ts).
const BASE = '/studio';

/** What /studio/api answers (server/studio/catalog.ts and queries.ts). */
interface Column {
  name: string;
  type: string;
  kind: string;
  primaryKey: boolean;
  writable: boolean;
  nullable: boolean;
  default: string | null;
  comment?: string | null;
  enumValues?: string[] | null;
}
interface TableInfo {
  schema: string;
  name: string;
  rows: number | null;
  readOnly: boolean;
  primaryKey: string[];
  columns: Column[];
  comment?: string | null;
  rls?: boolean;
}
type Row = Record<string, string | null>;
interface RowsView {
  table: TableInfo;
  rows: Row[];
  count: number;
  page: number;
  pages: number;
  pageSize: number;
}
interface ErrorBody {
  message?: string;
  detail?: string;
  column?: string;
}
type TableRef = { schema: string; name: string };
type Filter = { column: string; op: string; value: string };
interface State {
  table: TableRef | null;
  page: number;
  sort: string | null;
  dir: 'asc' | 'desc';
  filter: Filter | null;
}
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

class ApiFailure extends Error {
  constructor(
    message: string,
    readonly body?: ErrorBody | null,
  ) {
    super(message);
  }
}

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { 'X-Studio': '1' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res;
  try {
    res = await fetch(`${BASE}/api${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiFailure('The studio server is not answering. Is the local stack still running?');
  }
  const data = (await res.json().catch(() => null)) as (T & ErrorBody) | null;
  if (!res.ok) throw new ApiFailure(data?.message ?? `The server answered ${res.status}.`, data);
  return data as T;
}

type Child = Node | string | number | null | undefined | false | '' | Child[];
type Attrs = Record<string, unknown>;

/** h('p', {class: 'x'}, 'text', child) -> an element; strings become text nodes. */
function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v as EventListener);
    else if (k === 'value') (el as unknown as Field).value = String(v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const child of (children as unknown[]).flat(Infinity) as Child[]) {
    if (child === null || child === undefined || child === false || child === '') continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

const tablePath = (t: TableRef) => `/tables/${encodeURIComponent(t.schema)}/${encodeURIComponent(t.name)}`;
const $ = (id: string) => document.getElementById(id)!;
const failure = (error: unknown) =>
  error instanceof ApiFailure ? error : new ApiFailure(error instanceof Error ? error.message : String(error));

// --- notices --------------------------------------------------------------------------------------

function showError(caught: unknown) {
  const error = failure(caught);
  const box = $('error');
  box.textContent = '';
  box.append(h('strong', {}, error.message));
  if (error.body?.detail) box.append(h('span', { class: 'detail' }, error.body.detail));
  box.hidden = false;
  $('status').textContent = '';
}

function showStatus(text: string) {
  $('error').hidden = true;
  $('status').textContent = text;
}

// --- state in the URL: ?t=schema.table&page=&sort=&dir=&fc=&fop=&fv= ---------------------------

function readState(): State {
  const q = new URLSearchParams(location.search);
  const t = q.get('t');
  const dot = t ? t.indexOf('.') : -1;
  const column = q.get('fc');
  return {
    table: t && dot > 0 ? { schema: t.slice(0, dot), name: t.slice(dot + 1) } : null,
    page: Number(q.get('page')) || 1,
    sort: q.get('sort') || null,
    dir: q.get('dir') === 'desc' ? 'desc' : 'asc',
    filter: column ? { column, op: q.get('fop') || 'eq', value: q.get('fv') ?? '' } : null,
  };
}

function go(state: State, replace = false) {
  const q = new URLSearchParams();
  if (state.table) q.set('t', `${state.table.schema}.${state.table.name}`);
  if (state.page > 1) q.set('page', String(state.page));
  if (state.sort) {
    q.set('sort', state.sort);
    q.set('dir', state.dir);
  }
  if (state.filter) {
    q.set('fc', state.filter.column);
    q.set('fop', state.filter.op);
    if (state.filter.op === 'eq') q.set('fv', state.filter.value);
  }
  const url = `${BASE}${q.size ? `?${q}` : ''}`;
  history[replace ? 'replaceState' : 'pushState'](null, '', url);
  return loadView();
}

// --- the table list -------------------------------------------------------------------------------

async function loadTables() {
  const { tables } = await api<{ tables: TableInfo[] }>('GET', '/tables');
  const aside = $('tables');
  aside.textContent = '';
  for (const schema of ['public', 'auth']) {
    const items = tables.filter((t) => t.schema === schema);
    aside.append(h('h2', {}, schema));
    if (!items.length) {
      aside.append(h('p', { class: 'muted' }, 'No tables yet.'));
      continue;
    }
    aside.append(
      h(
        'ul',
        {},
        items.map((t) => {
          const count = t.rows === null ? 'no access' : String(t.rows);
          return h(
            'li',
            {},
            h(
              'a',
              {
                href: `${BASE}?t=${encodeURIComponent(`${t.schema}.${t.name}`)}`,
                'data-schema': t.schema,
                'data-table': t.name,
              },
              h('span', { class: 'name' }, t.name),
              t.readOnly && h('span', { class: 'tag' }, 'read-only'),
              h('span', { class: 'count', 'aria-label': `${count} rows` }, count),
            ),
          );
        }),
      ),
    );
  }
  markCurrent();
}

function markCurrent() {
  const { table } = readState();
  for (const a of document.querySelectorAll<HTMLAnchorElement>('#tables a[data-table]')) {
    const current = table && a.dataset.schema === table.schema && a.dataset.table === table.name;
    if (current) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
}

// --- one table's rows -------------------------------------------------------------------------------

let view: RowsView | null = null; // the last rows answer

async function loadView() {
  markCurrent();
  const state = readState();
  const section = $('view');
  if (!state.table) {
    section.replaceChildren(h('p', { class: 'muted' }, 'Pick a table on the left to browse and edit its rows.'));
    return;
  }
  const q = new URLSearchParams({ page: String(state.page) });
  if (state.sort) {
    q.set('sort', state.sort);
    q.set('dir', state.dir);
  }
  if (state.filter) {
    q.set('filter_col', state.filter.column);
    q.set('filter_op', state.filter.op);
    if (state.filter.op === 'eq') q.set('filter_val', state.filter.value);
  }
  section.setAttribute('aria-busy', 'true');
  try {
    view = await api<RowsView>('GET', `${tablePath(state.table)}/rows?${q}`);
    renderView(state);
  } catch (error) {
    showError(error);
    const shown = view as RowsView | null;
    if (!shown || shown.table.name !== state.table.name || shown.table.schema !== state.table.schema) {
      section.replaceChildren(
        h('h2', {}, `${state.table.schema}.${state.table.name}`),
        h('p', { class: 'muted' }, 'This table could not be shown.'),
      );
    }
  } finally {
    section.removeAttribute('aria-busy');
  }
}

const editable = (t: TableInfo) => !t.readOnly && t.primaryKey.length > 0;

function renderView(state: State) {
  const current = view!;
  const { table, rows, count, page, pages } = current;
  const canEdit = editable(table);
  const meta = [
    `${count} ${count === 1 ? 'row' : 'rows'}${state.filter ? ' match' : ''}`,
    `${table.columns.length} columns`,
    table.primaryKey.length
      ? `primary key ${table.primaryKey.join(', ')}`
      : 'no primary key: rows can be added, not edited',
    table.readOnly ? 'read-only' : null,
    table.rls ? 'RLS on (bypassed: service role)' : null,
  ]
    .filter(Boolean)
    .join(' · ');

  const head = h(
    'div',
    { class: 'view-head' },
    h(
      'div',
      {},
      h('h2', {}, `${table.schema}.${table.name}`),
      h('p', { class: 'meta' }, meta),
      table.comment && h('p', { class: 'muted' }, table.comment),
    ),
    h(
      'div',
      { class: 'actions' },
      !table.readOnly &&
        h('button', { type: 'button', class: 'primary', onclick: () => openEditor(null) }, 'Insert row'),
      h('button', { type: 'button', onclick: () => refresh() }, 'Refresh'),
    ),
  );

  const filter = filterForm(table, state);

  const headRow = h(
    'tr',
    {},
    canEdit && h('th', { scope: 'col', class: 'row-actions' }, h('span', { class: 'sr' }, 'Actions')),
    table.columns.map((col) => {
      const sorted = state.sort === col.name;
      return h(
        'th',
        { scope: 'col', 'aria-sort': sorted ? (state.dir === 'asc' ? 'ascending' : 'descending') : 'none' },
        h(
          'button',
          {
            type: 'button',
            class: 'sort',
            title: col.comment ?? `Sort by ${col.name}`,
            onclick: () => {
              // asc -> desc -> unsorted
              const next: Pick<State, 'sort' | 'dir'> = !sorted
                ? { sort: col.name, dir: 'asc' }
                : state.dir === 'asc'
                  ? { sort: col.name, dir: 'desc' }
                  : { sort: null, dir: 'asc' };
              go({ ...state, ...next, page: 1 });
            },
          },
          h(
            'span',
            { class: 'col-name' },
            col.name,
            col.primaryKey && ' ',
            col.primaryKey && h('span', { class: 'pk', title: 'primary key' }, 'PK'),
          ),
          ' ',
          h('span', { class: 'col-type' }, col.type),
          h('span', { class: 'arrow', 'aria-hidden': 'true' }, sorted ? (state.dir === 'asc' ? '▲' : '▼') : ''),
        ),
      );
    }),
  );

  const body = rows.length
    ? rows.map((row, i) =>
        h(
          'tr',
          {},
          canEdit &&
            h(
              'td',
              { class: 'row-actions' },
              h(
                'button',
                { type: 'button', class: 'small', 'aria-label': `Edit row ${i + 1}`, onclick: () => openEditor(row) },
                'Edit',
              ),
              h(
                'button',
                {
                  type: 'button',
                  class: 'small danger',
                  'aria-label': `Delete row ${i + 1}`,
                  onclick: () => confirmDelete(row),
                },
                'Delete',
              ),
            ),
          table.columns.map((col) => cell(col, row, canEdit)),
        ),
      )
    : [
        h(
          'tr',
          {},
          h(
            'td',
            { colspan: String(table.columns.length + (canEdit ? 1 : 0)), class: 'empty' },
            state.filter ? 'No rows match this filter.' : 'This table has no rows yet.',
          ),
        ),
      ];

  const first = count ? (page - 1) * current.pageSize + 1 : 0;
  const last = Math.min(count, page * current.pageSize);
  const pager = h(
    'nav',
    { class: 'pager', 'aria-label': 'Pages' },
    h('button', { type: 'button', disabled: page <= 1, onclick: () => go({ ...state, page: page - 1 }) }, '← Previous'),
    h('span', {}, `Page ${page} of ${pages} · rows ${first}–${last} of ${count}`),
    h('button', { type: 'button', disabled: page >= pages, onclick: () => go({ ...state, page: page + 1 }) }, 'Next →'),
  );

  $('view').replaceChildren(
    head,
    filter,
    h(
      'div',
      { class: 'grid' },
      h(
        'table',
        {},
        h('caption', { class: 'sr' }, `Rows of ${table.schema}.${table.name}`),
        h('thead', {}, headRow),
        h('tbody', {}, body),
      ),
    ),
    pager,
  );
}

function cell(col: Column, row: Row, canEdit: boolean) {
  const value = row[col.name];
  const content =
    value === null ? h('span', { class: 'null' }, 'NULL') : value.length > 120 ? `${value.slice(0, 120)}…` : value;
  const attrs: Attrs & { class: string } = { class: `kind-${col.kind}`, title: value ?? 'NULL' };
  if (canEdit && col.writable) {
    // A double-click on a cell edits that cell: the row's form, focused on it.
    attrs.class += ' editable';
    attrs.ondblclick = () => openEditor(row, col.name);
  }
  return h('td', attrs, content);
}

function filterForm(table: TableInfo, state: State) {
  const col = h(
    'select',
    { name: 'col', id: 'filter-col' },
    table.columns.map((c) => h('option', { value: c.name }, c.name)),
  );
  const op = h(
    'select',
    { name: 'op', 'aria-label': 'Condition' },
    h('option', { value: 'eq' }, '='),
    h('option', { value: 'is_null' }, 'is NULL'),
    h('option', { value: 'not_null' }, 'is not NULL'),
  );
  const val = h('input', { name: 'val', 'aria-label': 'Value', placeholder: 'value', autocomplete: 'off' });
  if (state.filter) {
    col.value = state.filter.column;
    op.value = state.filter.op;
    val.value = state.filter.value;
  }
  const sync = () => {
    val.disabled = op.value !== 'eq';
  };
  op.addEventListener('change', sync);
  sync();
  return h(
    'form',
    {
      class: 'filter',
      role: 'search',
      onsubmit: (e: SubmitEvent) => {
        e.preventDefault();
        go({ ...state, page: 1, filter: { column: col.value, op: op.value, value: val.value } });
      },
    },
    h('label', { for: 'filter-col' }, 'Filter'),
    col,
    op,
    val,
    h('button', { type: 'submit' }, 'Apply'),
    state.filter && h('button', { type: 'button', onclick: () => go({ ...state, page: 1, filter: null }) }, 'Clear'),
  );
}

async function refresh(message?: string) {
  await Promise.all([loadView(), loadTables().catch(showError)]);
  if (message) showStatus(message);
}

// --- dialogs ---------------------------------------------------------------------------------------

function dialog(title: string, content: Node) {
  const d = h('dialog', { 'aria-labelledby': 'dialog-title' }, h('h2', { id: 'dialog-title' }, title), content);
  d.addEventListener('close', () => d.remove());
  document.body.append(d);
  d.showModal();
  return d;
}

function keyOf(table: TableInfo, row: Row) {
  return Object.fromEntries(table.primaryKey.map((k) => [k, row[k]]));
}

function keyText(table: TableInfo, row: Row) {
  return table.primaryKey.map((k) => `${k} = ${row[k]}`).join(', ');
}

function prettyJson(text: string) {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** The control a column is edited with, from its kind. */
function control(col: Column, id: string, value: string | null): Field {
  const common = { id, name: col.name, spellcheck: 'false', autocomplete: 'off' };
  if (col.kind === 'boolean') {
    return h('select', common, h('option', { value: 'true' }, 'true'), h('option', { value: 'false' }, 'false'));
  }
  if (col.kind === 'enum' && col.enumValues) {
    return h(
      'select',
      common,
      col.enumValues.map((v) => h('option', { value: v }, v)),
    );
  }
  if (col.kind === 'json') return h('textarea', { ...common, rows: '4' });
  if (col.kind === 'text' && value && (value.length > 60 || value.includes('\n')))
    return h('textarea', { ...common, rows: '3' });
  const placeholder = (
    {
      integer: 'a whole number',
      number: 'a number',
      uuid: '123e4567-e89b-12d3-a456-426614174000',
      timestamp: col.type.includes('time zone') ? '2026-06-01 18:00:00+00' : '2026-06-01 18:00:00',
    } as Record<string, string>
  )[col.kind];
  const inputmode = ({ integer: 'numeric', number: 'decimal' } as Record<string, string>)[col.kind];
  return h('input', { ...common, placeholder, inputmode });
}

/** Insert (row = null) or edit a row: one field per column, each with value / NULL / default. */
function openEditor(row: Row | null, focusColumn?: string) {
  const table = view!.table;
  const inserting = row === null;
  const errorBox = h('p', { class: 'error-box', role: 'alert', tabindex: '-1', hidden: true });
  const fields: { col: Column; input: Field; mode: HTMLSelectElement; initial: { mode: string; value: string } }[] = [];
  const list = h('div', { class: 'fields' });
  table.columns.forEach((col, i) => {
    const id = `field-${i}`;
    const original = row === null ? null : (row[col.name] ?? null);
    const label = h(
      'label',
      { for: id },
      h('span', { class: 'col-name' }, col.name),
      ' ',
      h('span', { class: 'col-type' }, col.type),
      col.primaryKey && ' ',
      col.primaryKey && h('span', { class: 'pk' }, 'PK'),
    );
    if (!col.writable) {
      list.append(
        h(
          'div',
          { class: 'field' },
          label,
          h('output', { id, class: 'readonly' }, inserting ? 'filled in by the database' : (original ?? 'NULL')),
          h('p', { class: 'hint' }, 'Generated by the database.'),
        ),
      );
      return;
    }
    const input = control(col, id, original);
    const modes = [h('option', { value: 'value' }, 'value')];
    if (col.nullable) modes.push(h('option', { value: 'null' }, 'NULL'));
    if (inserting && (col.default !== null || col.nullable)) modes.push(h('option', { value: 'default' }, 'default'));
    const mode = h('select', { class: 'mode', 'aria-label': `${col.name}: value, NULL or default` }, modes);
    if (inserting) mode.value = col.default !== null ? 'default' : col.nullable ? 'null' : 'value';
    else mode.value = original === null ? 'null' : 'value';
    if (original !== null) input.value = col.kind === 'json' ? prettyJson(original) : original;
    else if (col.kind === 'boolean') input.value = col.default === 'false' ? 'false' : 'true';
    const sync = () => {
      input.disabled = mode.value !== 'value';
    };
    mode.addEventListener('change', () => {
      sync();
      if (mode.value === 'value') input.focus();
    });
    sync();
    const initial = { mode: mode.value, value: input.value };
    fields.push({ col, input, mode, initial });
    const hints = [col.default !== null && `default: ${col.default}`, !col.nullable && 'required', col.comment].filter(
      Boolean,
    );
    list.append(
      h(
        'div',
        { class: 'field' },
        label,
        h('div', { class: 'control' }, input, mode),
        hints.length ? h('p', { class: 'hint' }, hints.join(' · ')) : null,
      ),
    );
  });

  const save = h('button', { type: 'submit', class: 'primary' }, inserting ? 'Insert row' : 'Save changes');
  const form = h(
    'form',
    { novalidate: true },
    errorBox,
    list,
    h('div', { class: 'buttons' }, h('button', { type: 'button', onclick: () => d.close() }, 'Cancel'), save),
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const values: Record<string, string | null> = {};
    for (const f of fields) {
      const changed =
        f.mode.value !== f.initial.mode || (f.mode.value === 'value' && f.input.value !== f.initial.value);
      if (!inserting && !changed) continue;
      if (f.mode.value === 'default') continue;
      values[f.col.name] = f.mode.value === 'null' ? null : f.input.value;
    }
    if (!inserting && !Object.keys(values).length) {
      d.close();
      showStatus('Nothing changed.');
      return;
    }
    save.disabled = true;
    try {
      if (inserting) await api('POST', `${tablePath(table)}/rows`, { values });
      else await api('PATCH', `${tablePath(table)}/rows`, { key: keyOf(table, row!), values });
      d.close();
      await refresh(inserting ? 'Row inserted.' : 'Row saved.');
    } catch (caught) {
      const error = failure(caught);
      errorBox.textContent = '';
      errorBox.append(h('strong', {}, error.message));
      if (error.body?.detail) errorBox.append(h('span', { class: 'detail' }, error.body.detail));
      errorBox.hidden = false;
      // The message sits above the fields: bring it into view, then put the cursor where the fix goes.
      errorBox.focus();
      const bad = fields.find((f) => f.col.name === error.body?.column);
      if (bad && !bad.input.disabled) bad.input.focus({ preventScroll: true });
    } finally {
      save.disabled = false;
    }
  });
  const d = dialog(
    inserting ? `Insert a row into ${table.schema}.${table.name}` : `Edit ${table.name} where ${keyText(table, row!)}`,
    form,
  );
  const focus = fields.find((f) => f.col.name === focusColumn);
  if (focus) {
    if (focus.mode.value !== 'value') {
      focus.mode.value = 'value';
      focus.input.disabled = false;
    }
    focus.input.focus();
  }
}

function confirmDelete(row: Row) {
  const table = view!.table;
  const yes = h('button', { type: 'submit', class: 'danger' }, 'Delete row');
  const form = h(
    'form',
    {},
    h('p', {}, `Delete the row of ${table.schema}.${table.name} where ${keyText(table, row)}? This cannot be undone.`),
    h('div', { class: 'buttons' }, h('button', { type: 'button', onclick: () => d.close() }, 'Cancel'), yes),
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    yes.disabled = true;
    try {
      await api('DELETE', `${tablePath(table)}/rows`, { key: keyOf(table, row) });
      d.close();
      await refresh('Row deleted.');
    } catch (error) {
      d.close();
      showError(error);
    }
  });
  const d = dialog('Delete this row?', form);
  form.querySelector<HTMLButtonElement>('button[type="button"]')!.focus();
}

// --- start ---------------------------------------------------------------------------------------------

$('tables').addEventListener('click', (e) => {
  const a = (e.target as Element).closest<HTMLAnchorElement>('a[data-table]');
  if (!a || e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
  e.preventDefault();
  $('error').hidden = true;
  void go({
    table: { schema: a.dataset.schema!, name: a.dataset.table! },
    page: 1,
    sort: null,
    dir: 'asc',
    filter: null,
  });
});
window.addEventListener('popstate', () => void loadView());
void loadView();
