// What a first visit to a page transfers: the HTML and the scripts and styles it names, fetched from
// the built site the way a browser asks (Accept-Encoding: br, gzip) and uncompressed, for comparison.
//   npx vite build && npx tsx bench/transfer/run.ts [path=/]
import { get } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ROOT, startTestStack } from '../../server/tests/helpers.ts';

const path = process.argv[2] ?? '/';
const stack = await startTestStack({ staticDir: join(ROOT, 'dist') });
try {
  // node:http hands over the body as sent (fetch decodes it, and a response compressed on the fly has
  // no Content-Length), so its length is the bytes on the wire.
  const bytes = (url: string, encoding: string) =>
    new Promise<{ wire: number; text: string }>((done, fail) => {
      get(url, { headers: { 'Accept-Encoding': encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          const coding = res.headers['content-encoding'];
          const text = (
            coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body
          ).toString();
          done({ wire: body.length, text });
        });
        res.on('error', fail);
      }).on('error', fail);
    });
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
