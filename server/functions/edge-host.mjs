// Run by Deno (the `deno` npm package), never by Node: serves every function in supabase/functions/
// at /functions/v1/<name>, as `supabase functions serve` does. Each function's index.ts calls
// Deno.serve(handler) when it loads; here that call records the handler instead of listening, and one
// listener on 127.0.0.1 routes each request to its function with the path hosted Supabase gives it
// (/<name>/...). It prints {"port": n} once listening; server/functions/runtime.ts proxies to it.
/* global Deno */
const functionsDir = Deno.args[0];

// The server holds our stdin open: when it ends (the server exited, even by kill -9), so do we, rather
// than live on as an orphan holding a port and a dispatcher.
(async () => {
  for await (const _ of Deno.stdin.readable) {
    // Nothing is sent; the loop ends at end of file.
  }
  Deno.exit(0);
})();
const handlers = new Map();
let loading;

const realServe = Deno.serve.bind(Deno);
Deno.serve = (first, second) => {
  const handler = typeof first === 'function' ? first : (second ?? first.handler);
  handlers.set(loading, handler);
  return {
    finished: new Promise(() => {}),
    ref() {},
    unref() {},
    shutdown: async () => {},
    addr: { hostname: '127.0.0.1', port: 0 },
  };
};

for await (const entry of Deno.readDir(functionsDir)) {
  if (!entry.isDirectory || entry.name.startsWith('_') || entry.name.startsWith('.')) continue;
  loading = entry.name;
  await import(new URL(`file://${functionsDir}/${entry.name}/index.ts`).href);
}
loading = undefined;

realServe(
  {
    hostname: '127.0.0.1',
    port: 0,
    // The one line runtime.ts waits for.
    // eslint-disable-next-line no-console
    onListen: ({ port }) => console.log(JSON.stringify({ port, functions: [...handlers.keys()] })),
  },
  async (req) => {
    const url = new URL(req.url);
    const m = /^\/functions\/v1\/([A-Za-z0-9_-]+)(\/.*)?$/.exec(url.pathname);
    const handler = m && handlers.get(m[1]);
    if (!handler)
      return Response.json({ code: 'NOT_FOUND', message: 'Requested function was not found' }, { status: 404 });
    url.pathname = `/${m[1]}${m[2] ?? ''}`;
    try {
      return await handler(new Request(url, req));
    } catch (error) {
      console.error(`function ${m[1]}:`, error);
      return Response.json({ code: 'WORKER_ERROR', message: 'Function exited due to an error' }, { status: 500 });
    }
  },
);
