// The local mailbox: an inbox page for people at /mail and JSON for tests at /mail/api/messages.
// Reachable from this machine only: recovery links sign people in. Before it, the Edge Functions'
// mail sink (sink.ts), which takes the service role's key instead.
import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';
import { localOnly } from '../local-only.ts';
import { mailSink } from './sink.ts';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

export function mailRoutes(ctx: ServerContext): Hono {
  const app = new Hono();
  app.post('/api/send', (c) => mailSink(ctx, c));
  app.use('*', localOnly(ctx.config.operator));

  app.get('/api/messages', (c) => c.json(ctx.mailbox.list(c.req.query('to'))));
  app.get('/api/messages/:id', (c) => {
    const message = ctx.mailbox.get(c.req.param('id'));
    return message ? c.json(message) : c.json({ error: 'not_found', message: 'No such message' }, 404);
  });
  app.delete('/api/messages', (c) => {
    ctx.mailbox.clear();
    return c.body(null, 204);
  });

  app.get('/', (c) => {
    const to = c.req.query('to');
    const messages = ctx.mailbox.list(to);
    const rows = messages
      .map(
        (m) => `<article>
  <header><strong>${escape(m.subject)}</strong><span>to ${escape(m.to)} · ${new Date(m.sentAt).toLocaleString()}</span></header>
  <pre>${escape(m.text)}</pre>
  ${m.link ? `<a class="button" href="${escape(m.link)}">Open the link</a>` : ''}
</article>`,
      )
      .join('\n');
    return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local mailbox · BrawlCup</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;background:#0d0b1e;color:#eceaf7;margin:0;padding:24px}
main{max-width:760px;margin:auto}h1{margin-top:0}
article{background:#1b1736;border:1px solid #3a3366;border-radius:12px;padding:16px;margin:12px 0}
header{display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px}header span{color:#b6b0d8;font-size:13px}
pre{white-space:pre-wrap;word-break:break-all;font:inherit}
a.button{display:inline-block;background:#ffc21a;color:#1a1300;padding:8px 14px;border-radius:8px;font-weight:700;text-decoration:none}
a.button:focus{outline:3px solid #fff;outline-offset:2px}
form{display:flex;gap:8px}input{flex:1;padding:8px;border-radius:8px;border:1px solid #3a3366;background:#14112a;color:inherit}
button{padding:8px 14px;border-radius:8px;border:0;background:#7048e8;color:#fff;font-weight:700}
</style></head><body><main>
<h1>Local mailbox</h1>
<p>Mail the local BrawlCup stack would send. Nothing leaves this machine.</p>
<form method="get"><label for="to" class="sr">Filter by recipient</label><input id="to" name="to" placeholder="someone@example.com" value="${escape(to ?? '')}"><button>Filter</button></form>
${rows || '<p>No messages yet.</p>'}
</main></body></html>`);
  });
  return app;
}
