// The studio's one HTML page. The table list is rendered here so the page is useful before (and
// without) its script; assets/studio.js takes over from there.
import type { StudioTable } from './catalog.ts';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export const STUDIO_BASE = '/studio';

function tableLink(t: StudioTable): string {
  const id = `${t.schema}.${t.name}`;
  const count = t.rows === null ? 'no access' : String(t.rows);
  return (
    `<li><a href="${STUDIO_BASE}?t=${encodeURIComponent(id)}" data-schema="${escape(t.schema)}" data-table="${escape(t.name)}">` +
    `<span class="name">${escape(t.name)}</span>${t.readOnly ? '<span class="tag">read-only</span>' : ''}` +
    `<span class="count" aria-label="${escape(count)} rows">${escape(count)}</span></a></li>`
  );
}

export function renderPage(tables: StudioTable[] | { error: string }, location: string): string {
  const list = Array.isArray(tables)
    ? ['public', 'auth']
        .map((schema) => {
          const items = tables.filter((t) => t.schema === schema);
          return `<h2>${schema}</h2>${items.length ? `<ul>${items.map(tableLink).join('')}</ul>` : '<p class="muted">No tables yet.</p>'}`;
        })
        .join('\n')
    : `<p class="error-box">${escape(tables.error)}</p>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Studio · BrawlCup</title>
<link rel="stylesheet" href="${STUDIO_BASE}/assets/studio.css">
<script type="module" src="${STUDIO_BASE}/assets/studio.js"></script>
</head><body>
<header class="top">
  <h1>BrawlCup <span>Studio</span></h1>
  <p class="badge" title="Changes here bypass row level security but respect grants">local · service role</p>
  <p class="where">${escape(location)}</p>
  <nav aria-label="Local tools"><a href="/mail">Mailbox</a><a href="/">App</a></nav>
</header>
<div class="layout">
<aside id="tables" aria-label="Tables">
${list}
</aside>
<main id="main">
  <div id="notices"><p id="error" class="error-box" role="alert" hidden></p><p id="status" class="status" role="status"></p></div>
  <section id="view" aria-live="polite"><p class="muted">Pick a table on the left to browse and edit its rows.</p></section>
</main>
</div>
</body></html>`;
}
