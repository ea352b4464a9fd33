// What a first visit to a page transfers: the HTML and the scripts and styles it names, fetched from
// the built site the way a browser asks (Accept-Encoding: br, gzip) and uncompressed, for comparison.
//   npx vite build && npx tsx bench/transfer/run.ts [path=/]
import { join } from 'node:path';
import { ROOT, startTestStack } from '../../server/tests/helpers.ts';

const path = process.argv[2] ?? '/';
const stack = await startTestStack({ staticDir: join(ROOT, 'dist') });
try {
  const bytes = async (url: string, encoding: string) => {
    const res = await fetch(url, { headers: { 'Accept-Encoding': encoding } });
    // fetch decodes the body; the bytes on the wire are the compressed file's size.
    const length = res.headers.get('content-length');
    const body = Buffer.from(await res.arrayBuffer());
    return { wire: length ? Number(length) : body.length, text: body.toString() };
  };
  const page = await bytes(`${stack.url}${path}`, 'identity');
  const assets = [...page.text.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  const rows: [string, number, number, number][] = [];
  for (const url of [path, ...assets]) {
    const identity = await bytes(`${stack.url}${url}`, 'identity');
    const gzip = await bytes(`${stack.url}${url}`, 'gzip');
    const br = await bytes(`${stack.url}${url}`, 'br, gzip');
    rows.push([url, identity.wire, gzip.wire, br.wire]);
  }
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`First load of ${path}: the HTML and the ${assets.length} scripts and styles it names`);
  console.log('| file | uncompressed | gzip | br |\n|---|---|---|---|');
  for (const [url, a, b, c] of rows) console.log(`| ${url} | ${kb(a)} | ${kb(b)} | ${kb(c)} |`);
  const sum = (i: 1 | 2 | 3) => rows.reduce((t, r) => t + r[i], 0);
  console.log(`| total | ${kb(sum(1))} | ${kb(sum(2))} | ${kb(sum(3))} |`);
  for (const [encoding, i] of [
    ['uncompressed', 1],
    ['gzip', 2],
    ['br', 3],
  ] as const)
    console.log(
      `RESULT ${JSON.stringify({ name: `transfer.${path}.${encoding}`, value: Number((sum(i) / 1024).toFixed(1)), unit: 'KiB' })}`,
    );
} finally {
  await stack.destroy();
}
