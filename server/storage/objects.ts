// What the object API does in the database. Reads and writes of storage.objects run as the caller
// (role and request.jwt.claims set locally, context.ts's asCaller, as the Data API runs), so the
// policies on storage.objects decide; buckets are read as the service itself, as supabase/storage reads
// them (asSuperUser) for their limits.
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { asCaller, type Caller } from '../context.ts';
import type { Database, Queryable } from '../db/database.ts';
import { isPgError } from '../shared/pg-error.ts';
import { StorageError, noSuchBucket, noSuchKey } from './errors.ts';
import { objectFile } from './paths.ts';
import type { Received } from './upload.ts';

export interface Bucket {
  id: string;
  public: boolean;
  file_size_limit: string | number | null;
  allowed_mime_types: string[] | null;
}

export interface StoredObject {
  id: string;
  name: string;
  version: string;
  metadata: { mimetype?: string; cacheControl?: string; size?: number; eTag?: string; lastModified?: string } | null;
}

export async function findBucket(db: Queryable, id: string): Promise<Bucket> {
  const { rows } = await db.query<Bucket>(
    'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1',
    [id],
  );
  if (!rows[0]) throw noSuchBucket();
  return rows[0];
}

/** Postgres's refusals as storage answers them: RLS is 403, a taken name 409. */
export function storageErrorOf(error: unknown): unknown {
  if (!isPgError(error)) return error;
  if (error.code === '42501') return new StorageError('AccessDenied', error.message);
  if (error.code === '23505') return new StorageError('KeyAlreadyExists', 'The resource already exists');
  if (error.code === '23503') return noSuchBucket();
  return error;
}

/**
 * Makes the received file an object: the row is written as the caller (the policies decide) and the
 * file moved to a path of its own version inside the same transaction, so a refusal or a failure
 * leaves neither; after the commit the replaced version's file (an upsert) is removed.
 */
export async function storeObject(
  db: Database,
  root: string,
  caller: Caller,
  target: { bucket: string; name: string; upsert: boolean },
  received: Received,
): Promise<{ id: string }> {
  const version = randomUUID();
  const file = objectFile(root, target.bucket, target.name, version);
  const metadata = {
    eTag: received.eTag,
    size: received.size,
    mimetype: received.contentType,
    cacheControl: received.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: received.size,
    httpStatusCode: 200,
  };
  const owner = typeof caller.claims.sub === 'string' ? caller.claims.sub : null;
  const userMetadata = received.userMetadata ? JSON.stringify(received.userMetadata) : null;
  let moved = false;
  let result: { id: string; replaced: string | null };
  try {
    result = await asCaller(db, caller, async (tx) => {
      let replaced: string | null = null;
      let id: string = randomUUID();
      if (target.upsert) {
        const { rows } = await tx.query<{ id: string; version: string }>(
          'select id, version from storage.objects where bucket_id = $1 and name = $2 for update',
          [target.bucket, target.name],
        );
        if (rows[0]) {
          replaced = rows[0].version;
          id = rows[0].id;
          await tx.query(
            `update storage.objects set version = $3, metadata = $4::jsonb, user_metadata = $5::jsonb, owner = $6::uuid,
               owner_id = $6, last_accessed_at = now() where bucket_id = $1 and name = $2`,
            [target.bucket, target.name, version, JSON.stringify(metadata), userMetadata, owner],
          );
        }
      }
      if (!replaced) {
        // No RETURNING: an upload needs only the insert policy, as on hosted.
        await tx.query(
          `insert into storage.objects (id, bucket_id, name, owner, owner_id, version, metadata, user_metadata)
           values ($1, $2, $3, $4::uuid, $4, $5, $6::jsonb, $7::jsonb)`,
          [id, target.bucket, target.name, owner, version, JSON.stringify(metadata), userMetadata],
        );
      }
      await mkdir(dirname(file), { recursive: true, mode: 0o700 });
      await rename(received.file, file);
      moved = true;
      return { id, replaced };
    });
  } catch (error) {
    await rm(moved ? file : received.file, { force: true });
    throw storageErrorOf(error);
  }
  if (result.replaced) await rm(objectFile(root, target.bucket, target.name, result.replaced), { force: true });
  return { id: result.id };
}

/** The object as the caller may see it (select policies), else NoSuchKey. */
export async function findObject(
  db: Database,
  caller: Caller | null,
  bucket: string,
  name: string,
): Promise<StoredObject> {
  const read = (tx: Queryable) =>
    tx.query<StoredObject>(
      'select id, name, version, metadata from storage.objects where bucket_id = $1 and name = $2',
      [bucket, name],
    );
  const { rows } = caller
    ? await asCaller(db, caller, read).catch((e) => Promise.reject(storageErrorOf(e)))
    : await read(db);
  if (!rows[0]) throw noSuchKey();
  return rows[0];
}

/** The names among `names` the caller may see. */
export async function visibleNames(
  db: Database,
  caller: Caller,
  bucket: string,
  names: string[],
): Promise<Set<string>> {
  const { rows } = await asCaller(db, caller, (tx) =>
    tx.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2)', [
      bucket,
      names,
    ]),
  );
  return new Set(rows.map((r) => r.name));
}

/** Deletes what the caller may delete (and see) of `names`; their files go after the commit. */
export async function deleteObjects(db: Database, root: string, caller: Caller, bucket: string, names: string[]) {
  const { rows } = await asCaller(db, caller, (tx) =>
    tx.query<StoredObject & { bucket_id: string; created_at: string; updated_at: string; last_accessed_at: string }>(
      `delete from storage.objects where bucket_id = $1 and name = any($2)
       returning id, bucket_id, name, version, metadata, created_at, updated_at, last_accessed_at`,
      [bucket, names],
    ),
  ).catch((e) => Promise.reject(storageErrorOf(e)));
  for (const row of rows) if (row.version) await rm(objectFile(root, bucket, row.name, row.version), { force: true });
  return rows.map(({ version: _version, ...row }) => row);
}

/** One level of a folder, as storage's list: files with their metadata, folders with a null id. */
export async function listFolder(
  db: Database,
  caller: Caller,
  bucket: string,
  options: { prefix: string; limit: number; offset: number; search: string; order: 'asc' | 'desc' },
) {
  const prefix = options.prefix && !options.prefix.endsWith('/') ? options.prefix + '/' : options.prefix;
  const { rows } = await asCaller(db, caller, (tx) =>
    tx.query<{
      name: string;
      id: string | null;
      updated_at: string | null;
      created_at: string | null;
      last_accessed_at: string | null;
      metadata: unknown;
    }>(
      `with level as (
         select split_part(substr(o.name, length($2) + 1), '/', 1) as entry,
                position('/' in substr(o.name, length($2) + 1)) > 0 as folder, o.*
         from storage.objects o
         where o.bucket_id = $1 and starts_with(o.name, $2)
       )
       select distinct on (entry) entry as name, case when folder then null else id end as id,
              case when folder then null else updated_at end as updated_at,
              case when folder then null else created_at end as created_at,
              case when folder then null else last_accessed_at end as last_accessed_at,
              case when folder then null else metadata end as metadata
       from level where entry ilike $3 || '%'
       order by entry ${options.order === 'desc' ? 'desc' : 'asc'}, folder
       limit $4 offset $5`,
      [bucket, prefix, options.search.replace(/[\\%_]/g, '\\$&'), options.limit, options.offset],
    ),
  );
  return rows;
}
