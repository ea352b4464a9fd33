// Storage's object API at /storage/v1, the routes storage-js calls (supabase/storage's
// src/http/routes/object): upload (POST, PUT with x-upsert), download (/object/<bucket>/<name>,
// /authenticated/, /public/), signed URLs (/sign/), delete by prefixes and list. Answers and errors
// are storage's; every read or write of an object runs as the caller, so RLS decides.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Hono, type Context } from 'hono';
import type { HttpBindings } from '@hono/node-server';
import { verifyToken, type Caller, type ServerContext } from '../context.ts';
import { JwtError } from '../auth/jwt.ts';
import { bearerToken, isObject } from '../shared/http.ts';
import { StorageError, noSuchBucket, noSuchKey } from './errors.ts';
import {
  deleteObjects,
  findBucket,
  findObject,
  listFolder,
  storeObject,
  visibleNames,
  type StoredObject,
} from './objects.ts';
import { checkBucketName, checkObjectName, objectFile, splitObjectPath } from './paths.ts';
import type { StorageSettings } from './settings.ts';
import { expiresInOf, signObjectUrl, verifyObjectToken } from './signing.ts';
import { receiveUpload } from './upload.ts';

const JSON_BODY_LIMIT = 1024 * 1024;

export function storageRoutes(ctx: ServerContext, settings: StorageSettings): Hono {
  const app = new Hono();
  const secret = ctx.keys.jwt.secret;

  const caller = async (c: Context): Promise<Caller> => {
    const token = bearerToken(c.req.header('authorization')) ?? c.req.header('apikey') ?? undefined;
    try {
      const claims = await verifyToken(ctx, token);
      return { role: claims.role, claims, token: token! };
    } catch (error) {
      if (error instanceof JwtError) throw new StorageError('InvalidJWT', error.message);
      throw error;
    }
  };

  const serve = async (c: Context, bucket: string, object: StoredObject) => {
    const file = objectFile(settings.root, bucket, object.name, object.version);
    const size = await stat(file).then(
      (s) => s.size,
      () => Promise.reject(noSuchKey()),
    );
    const meta = object.metadata ?? {};
    const headers: Record<string, string> = {
      'content-type': meta.mimetype ?? 'application/octet-stream',
      'content-length': String(size),
      'cache-control': meta.cacheControl ?? 'no-cache',
      'last-modified': new Date(meta.lastModified ?? Date.now()).toUTCString(),
    };
    if (meta.eTag) headers.etag = meta.eTag;
    const download = c.req.query('download');
    if (download !== undefined)
      headers['content-disposition'] =
        `attachment; filename="${encodeURIComponent(download || object.name.split('/').pop()!)}"`;
    if (c.req.method === 'HEAD') return c.body(null, 200, headers);
    return c.body(Readable.toWeb(createReadStream(file)) as ReadableStream, 200, headers);
  };

  const upload = async (c: Context, bucketId: string, name: string) => {
    const who = await caller(c);
    const bucket = await findBucket(ctx.db, bucketId);
    const bucketLimit = bucket.file_size_limit === null ? Infinity : Number(bucket.file_size_limit);
    const rules = {
      root: settings.root,
      maxBytes: Math.min(settings.fileSizeLimit, bucketLimit),
      allowedMimeTypes: bucket.allowed_mime_types ?? [],
    };
    const received = await receiveUpload(c.req.raw, rules, (c.env as HttpBindings | undefined)?.incoming);
    const upsert = c.req.method === 'PUT' || c.req.header('x-upsert') === 'true';
    const { id } = await storeObject(ctx.db, settings.root, who, { bucket: bucketId, name, upsert }, received);
    return c.json({ Id: id, Key: `${bucketId}/${name}` });
  };

  app.all('/object/*', async (c) => {
    const path = new URL(c.req.url).pathname.replace(/^.*?\/object\//, '');
    const [first = '', ...rest] = path.split('/');
    const method = c.req.method;
    const after = rest.join('/');

    if (first === 'sign' && method === 'POST' && rest.length === 1) {
      const bucket = checkBucketName(decodeURIComponent(rest[0]!));
      const body = await readJson(c);
      const expiresIn = expiresInOf(body.expiresIn);
      const paths = Array.isArray(body.paths) ? body.paths.filter((p): p is string => typeof p === 'string') : [];
      if (!paths.length) throw new StorageError('InvalidRequest', 'paths must be a list of object names');
      const visible = await visibleNames(ctx.db, await caller(c), bucket, paths);
      return c.json(
        await Promise.all(
          paths.map(async (p) =>
            visible.has(p)
              ? { error: null, path: p, signedURL: await signObjectUrl(secret, bucket, p, expiresIn) }
              : { error: 'Either the object does not exist or you do not have access to it', path: p, signedURL: null },
          ),
        ),
      );
    }
    if (first === 'sign' && method === 'POST') {
      const { bucket, name } = splitObjectPath(after);
      const expiresIn = expiresInOf((await readJson(c)).expiresIn);
      await findObject(ctx.db, await caller(c), bucket, name);
      return c.json({ signedURL: await signObjectUrl(secret, bucket, name, expiresIn) });
    }
    if (first === 'sign' && (method === 'GET' || method === 'HEAD')) {
      const { bucket, name } = splitObjectPath(after);
      await verifyObjectToken(secret, c.req.query('token'), bucket, name);
      return serve(c, bucket, await findObject(ctx.db, null, bucket, name));
    }
    if (first === 'public' && (method === 'GET' || method === 'HEAD')) {
      const { bucket, name } = splitObjectPath(after);
      if (!(await findBucket(ctx.db, bucket)).public) throw noSuchBucket();
      return serve(c, bucket, await findObject(ctx.db, null, bucket, name));
    }
    if (first === 'list' && method === 'POST') {
      const bucket = checkBucketName(decodeURIComponent(after));
      const body = await readJson(c);
      const sortBy = isObject(body.sortBy) ? body.sortBy : {};
      return c.json(
        await listFolder(ctx.db, await caller(c), bucket, {
          prefix: typeof body.prefix === 'string' ? body.prefix : '',
          search: typeof body.search === 'string' ? body.search : '',
          limit: Math.min(Math.max(Number(body.limit) || 100, 1), 1000),
          offset: Math.max(Number(body.offset) || 0, 0),
          order: sortBy.order === 'desc' ? 'desc' : 'asc',
        }),
      );
    }
    if (first === 'authenticated' && (method === 'GET' || method === 'HEAD')) {
      const { bucket, name } = splitObjectPath(after);
      return serve(c, bucket, await findObject(ctx.db, await caller(c), bucket, name));
    }
    if (method === 'DELETE' && rest.length === 0) {
      const bucket = checkBucketName(decodeURIComponent(first));
      const body = await readJson(c);
      const prefixes = Array.isArray(body.prefixes)
        ? body.prefixes.filter((p): p is string => typeof p === 'string')
        : [];
      if (!prefixes.length) throw new StorageError('InvalidRequest', 'prefixes must be a list of object names');
      prefixes.forEach(checkObjectName);
      return c.json(await deleteObjects(ctx.db, settings.root, await caller(c), bucket, prefixes));
    }
    const { bucket, name } = splitObjectPath(path);
    if (method === 'POST' || method === 'PUT') return upload(c, bucket, name);
    if (method === 'GET' || method === 'HEAD')
      return serve(c, bucket, await findObject(ctx.db, await caller(c), bucket, name));
    if (method === 'DELETE') {
      const deleted = await deleteObjects(ctx.db, settings.root, await caller(c), bucket, [name]);
      if (!deleted.length) throw noSuchKey();
      return c.json({ message: 'Successfully deleted' });
    }
    throw new StorageError('InvalidRequest', `${method} is not supported here`);
  });

  app.all('*', (c) => c.json({ statusCode: '404', error: 'not_found', message: 'Route not found' }, 404));
  app.onError((error, c) => {
    if (error instanceof StorageError) return c.json(error.body(), error.status as 400);
    console.error('[storage] unhandled error', error);
    const internal = new StorageError('InternalError', 'Internal server error');
    return c.json(internal.body(), 500);
  });
  return app;
}

/** A JSON object body of at most 1 MB, counted as it arrives. */
async function readJson(c: Context): Promise<Record<string, unknown>> {
  const reader = c.req.raw.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const next = reader ? await reader.read() : { done: true as const, value: undefined };
    if (next.done) break;
    size += next.value.length;
    if (size > JSON_BODY_LIMIT) {
      await reader!.cancel();
      throw new StorageError('EntityTooLarge', 'The request body exceeded the maximum allowed size (1 MB)');
    }
    chunks.push(next.value);
  }
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
    if (isObject(value)) return value;
  } catch {
    // refused below
  }
  throw new StorageError('InvalidRequest', 'The body must be a JSON object');
}
