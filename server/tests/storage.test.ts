// Storage through supabase-js's storage client against the real stack, on PGlite and on Postgres:
// uploads as the caller (the policies on storage.objects decide), the bucket's size and type limits,
// object names that try to leave the bucket's folder, signed URLs, and that a refusal leaves nothing.
import { readdir } from 'node:fs/promises';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestStack, testEmail, type TestStack } from './helpers.ts';

/** A PNG's signature and a few bytes: enough for the type check (storage keeps bytes as sent). */
export function pngBytes(size = 64): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(size);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  for (let i = 8; i < size; i++) bytes[i] = i % 251;
  return bytes;
}

const png = (size?: number) => new Blob([pngBytes(size)], { type: 'image/png' });

/** Every file under a folder, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

describe.each([
  { name: 'PGlite', postgres: false },
  { name: 'Postgres', postgres: true },
])('storage on $name', ({ postgres }) => {
  let stack: TestStack;
  let alice: { id: string; client: SupabaseClient };
  let bob: { id: string; client: SupabaseClient };
  let root: string;

  async function player(): Promise<{ id: string; client: SupabaseClient }> {
    const client = stack.client();
    const { data, error } = await client.auth.signUp({ email: testEmail('storage'), password: 'secret123' });
    expect(error).toBeNull();
    return { id: data.user!.id, client };
  }

  const rowsOf = async (bucket: string) =>
    (
      await stack.ctx.db.query<{ name: string }>(
        'select name from storage.objects where bucket_id = $1 order by name',
        [bucket],
      )
    ).rows.map((r) => r.name);

  beforeAll(async () => {
    stack = await startTestStack({ postgres });
    root = join(stack.dataDir, 'storage');
    // A bucket of the test's own: each player writes and reads in the folder named after them.
    await stack.ctx.db.exec(`
      insert into storage.buckets (id, name, file_size_limit, allowed_mime_types)
      values ('shots', 'shots', 4096, '{image/png,image/jpeg}'), ('open', 'open', null, null);
      create policy "test: own folder insert" on storage.objects for insert to authenticated
        with check (bucket_id in ('shots', 'open') and (storage.foldername(name))[1] = (select auth.uid())::text);
      create policy "test: own folder select" on storage.objects for select to authenticated
        using (bucket_id in ('shots', 'open') and (storage.foldername(name))[1] = (select auth.uid())::text);
      create policy "test: own folder update" on storage.objects for update to authenticated
        using (bucket_id in ('shots', 'open') and (storage.foldername(name))[1] = (select auth.uid())::text);
      create policy "test: own folder delete" on storage.objects for delete to authenticated
        using (bucket_id in ('shots', 'open') and (storage.foldername(name))[1] = (select auth.uid())::text);
    `);
    [alice, bob] = [await player(), await player()];
  }, 120_000);

  afterAll(async () => {
    await stack?.destroy();
  });

  it('creates the buckets of config.toml ([storage.buckets.evidence]: private, 5 MiB, three image types)', async () => {
    const { rows } = await stack.ctx.db.query(
      "select public, file_size_limit::int, allowed_mime_types from storage.buckets where id = 'evidence'",
    );
    expect(rows).toEqual([
      {
        public: false,
        file_size_limit: 5 * 1024 * 1024,
        allowed_mime_types: ['image/png', 'image/jpeg', 'image/webp'],
      },
    ]);
  });

  it('uploads a screenshot the owner downloads byte for byte; another player can neither read nor write it', async () => {
    const path = `${alice.id}/game-1.png`;
    const up = await alice.client.storage.from('shots').upload(path, png(2000));
    expect(up.error).toBeNull();
    expect(up.data).toMatchObject({ path, fullPath: `shots/${path}` });

    const down = await alice.client.storage.from('shots').download(path);
    expect(down.error).toBeNull();
    expect(down.data!.type).toBe('image/png');
    expect(new Uint8Array(await down.data!.arrayBuffer())).toEqual(pngBytes(2000));

    const peek = await bob.client.storage.from('shots').download(path);
    expect(peek.data).toBeNull();
    expect(peek.error).toMatchObject({ status: 404, statusCode: '404', message: 'Object not found' });

    const intrude = await bob.client.storage.from('shots').upload(`${alice.id}/fake.png`, png());
    expect(intrude.error).toMatchObject({ status: 403, statusCode: '403' });
    expect(intrude.error!.message).toMatch(/row-level security/);
    const anon = await stack.client().storage.from('shots').upload(`${alice.id}/anon.png`, png());
    expect(anon.error).toMatchObject({ status: 403 });

    expect(await rowsOf('shots')).toEqual([path]);
    expect(await filesUnder(join(root, 'shots'))).toEqual([
      expect.stringMatching(new RegExp(`^${path}/[0-9a-f-]{36}$`)),
    ]);
  });

  it('refuses what is not an allowed image, and one over the bucket limit, leaving no row and no file', async () => {
    const bucket = alice.client.storage.from('shots');
    const text = await bucket.upload(`${alice.id}/notes.txt`, new Blob(['gg wp'], { type: 'text/plain' }));
    expect(text.error).toMatchObject({ status: 415, message: 'mime type text/plain is not supported' });

    const disguised = await bucket.upload(
      `${alice.id}/fake.png`,
      new Blob(['<html>not an image</html>'], { type: 'image/png' }),
    );
    expect(disguised.error).toMatchObject({ status: 415, message: 'The file is not a PNG image' });

    const big = await bucket.upload(`${alice.id}/big.png`, png(5000));
    expect(big.error).toMatchObject({
      status: 413,
      statusCode: '413',
      message: 'The object exceeded the maximum allowed size (4 KB)',
    });

    // Raw bodies (not a form) are held to the same rules, by Content-Length and while streaming.
    const raw = await bucket.upload(`${alice.id}/raw.png`, pngBytes(5000), { contentType: 'image/png' });
    expect(raw.error).toMatchObject({ status: 413 });
    const rawText = await bucket.upload(`${alice.id}/raw.txt`, 'hello', { contentType: 'text/plain' });
    expect(rawText.error).toMatchObject({ status: 415 });

    expect(await rowsOf('shots')).toEqual([`${alice.id}/game-1.png`]);
    expect(await filesUnder(join(root, '.uploads'))).toEqual([]);
    expect((await filesUnder(join(root, 'shots'))).length).toBe(1);
  });

  it('survives an upload the client drops halfway, keeping nothing of it', async () => {
    const { hostname, port } = new URL(stack.url);
    const auth = `Bearer ${await token(alice.client)}`;
    const boundary = 'x-evidence-boundary';
    const bodies = [
      {
        type: `multipart/form-data; boundary=${boundary}`,
        start: `--${boundary}\r\ncontent-disposition: form-data; name=""; filename="a.png"\r\ncontent-type: image/png\r\n\r\n`,
      },
      { type: 'image/png', start: '' },
    ];
    for (const body of bodies) {
      await new Promise<void>((resolve) => {
        const req = request({
          hostname,
          port,
          method: 'POST',
          path: `/storage/v1/object/open/${alice.id}/dropped.png`,
          headers: { authorization: auth, 'content-type': body.type, 'content-length': 1_000_000 },
        });
        req.on('error', () => resolve());
        req.write(Buffer.concat([Buffer.from(body.start), Buffer.from(pngBytes(64 * 1024))]));
        setTimeout(() => {
          req.destroy();
          resolve();
        }, 300);
      });
    }
    await expect.poll(() => filesUnder(join(root, '.uploads')), { timeout: 10_000 }).toEqual([]);
    expect(await rowsOf('open')).toEqual([]);
    // Still answering.
    expect((await alice.client.storage.from('open').list(alice.id)).error).toBeNull();
  });

  it('refuses names that would leave the bucket folder, and a bucket that does not exist', async () => {
    const auth = { authorization: `Bearer ${await token(alice.client)}` };
    // Sent as written (fetch would resolve dot segments first; the server's URL parsing resolves
    // plain ones too, so these are the ones that survive it: encoded slashes, empty segments).
    const names = [
      'open/../escape.png',
      `open/${alice.id}/../../escape.png`,
      `open/${alice.id}/x%2f.%2fx.png`,
      `open/${alice.id}//x.png`,
      `open/${alice.id}/%2e%2e%2f%2e%2e%2fescape.png`,
      `open/${alice.id}/..%5c..%5cescape.png`,
      '..%2f..%2fetc/passwd',
    ];
    for (const name of names) {
      const res = await rawRequest(`${stack.url}`, 'POST', `/storage/v1/object/${name}`, {
        ...auth,
        'content-type': 'image/png',
      });
      expect(res.status, name).toBe(400);
      expect(JSON.parse(res.body), name).toMatchObject({
        statusCode: '400',
        error: expect.stringMatching(/InvalidKey|Invalid Input/),
      });
    }
    const read = await rawRequest(
      stack.url,
      'GET',
      `/storage/v1/object/authenticated/open/${alice.id}/../../../jwt-secret`,
      auth,
    );
    expect(read.status).toBe(400);
    const missing = await alice.client.storage.from('nope').upload(`${alice.id}/a.png`, png());
    expect(missing.error).toMatchObject({ status: 404, message: 'Bucket not found' });
    expect((await filesUnder(stack.dataDir)).filter((p) => p.includes('escape') || p.includes('x.png'))).toEqual([]);
    expect(await rowsOf('open')).toEqual([]);
  });

  it('signs a URL anyone holding it can read until it expires, only for who may read the object', async () => {
    const path = `${alice.id}/game-1.png`;
    const signed = await alice.client.storage.from('shots').createSignedUrl(path, 60);
    expect(signed.error).toBeNull();
    const res = await fetch(signed.data!.signedUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pngBytes(2000));

    const many = await alice.client.storage.from('shots').createSignedUrls([path, `${alice.id}/none.png`], 60);
    expect(many.data!.map((d) => [d.path, d.error])).toEqual([
      [path, null],
      [`${alice.id}/none.png`, 'Either the object does not exist or you do not have access to it'],
    ]);

    const refused = await bob.client.storage.from('shots').createSignedUrl(path, 60);
    expect(refused.error).toMatchObject({ status: 404 });

    // The token names its object: used for another, it is refused.
    const token = new URL(signed.data!.signedUrl).searchParams.get('token');
    const other = await fetch(`${stack.url}/storage/v1/object/sign/shots/${bob.id}/x.png?token=${token}`);
    expect(other.status).toBe(400);
    expect(await other.json()).toMatchObject({ error: 'InvalidSignature' });
  });

  it('replaces on upsert (the old file goes), lists a folder and removes objects with their files', async () => {
    const bucket = alice.client.storage.from('open');
    const path = `${alice.id}/notes.txt`;
    expect((await bucket.upload(path, new Blob(['one'], { type: 'text/plain' }))).error).toBeNull();
    const again = await bucket.upload(path, new Blob(['two'], { type: 'text/plain' }));
    expect(again.error).toMatchObject({ status: 409, message: 'The resource already exists' });
    expect((await bucket.upload(path, new Blob(['three'], { type: 'text/plain' }), { upsert: true })).error).toBeNull();
    expect(await (await bucket.download(path)).data!.text()).toBe('three');
    expect(await filesUnder(join(root, 'open'))).toEqual([expect.stringMatching(/notes\.txt\/[0-9a-f-]{36}$/)]);

    const list = await bucket.list(alice.id);
    expect(list.data!.map((f) => f.name)).toEqual(['notes.txt']);
    expect((await bob.client.storage.from('open').list(alice.id)).data).toEqual([]);

    expect((await bob.client.storage.from('open').remove([path])).data).toEqual([]);
    const removed = await bucket.remove([path]);
    expect(removed.data!.map((o) => o.name)).toEqual([path]);
    expect(await filesUnder(join(root, 'open'))).toEqual([]);
  });
});

async function token(client: SupabaseClient): Promise<string> {
  return (await client.auth.getSession()).data.session!.access_token;
}

/** An HTTP request whose path goes out exactly as written (no dot segments resolved). */
function rawRequest(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ hostname, port, method, path, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end(method === 'POST' ? Buffer.from(pngBytes()) : undefined);
  });
}
