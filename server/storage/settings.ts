// `[storage]` of supabase/config.toml as the Supabase CLI reads it: the global file_size_limit, and
// `[storage.buckets.<name>]` (public, file_size_limit, allowed_mime_types, objects_path), which
// `supabase seed buckets` creates or updates through the Storage API (objects_path is not read here).
import { mkdir, rm } from 'node:fs/promises';
import type { Queryable } from '../db/database.ts';
import { uploadsDir } from './paths.ts';

export interface BucketSettings {
  public: boolean;
  /** Bytes; undefined: the global limit. */
  fileSizeLimit?: number;
  /** Types such as image/png or image/*; empty: any type. */
  allowedMimeTypes: string[];
}

export interface StorageSettings {
  /** Files live under `<root>/<bucket>/<object name>/<version>` (DATA_DIR/storage). */
  root: string;
  /** `[storage] file_size_limit`: no upload is larger, whatever its bucket says (the CLI's default, 50 MiB). */
  fileSizeLimit: number;
  buckets: Record<string, BucketSettings>;
}

export type StorageToml = {
  enabled?: boolean;
  file_size_limit?: string | number;
  buckets?: Record<
    string,
    { public?: boolean; file_size_limit?: string | number; allowed_mime_types?: string[]; objects_path?: string }
  >;
};

const UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  kb: 1024,
  kib: 1024,
  m: 1024 ** 2,
  mb: 1024 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gb: 1024 ** 3,
  gib: 1024 ** 3,
};

/**
 * A size as the CLI reads it ("50MiB", "5MB", "500KB", a number of bytes). Like the CLI (docker's
 * go-units RAMInBytes), MB and MiB both mean 1024 * 1024 bytes. Undefined for anything else.
 */
export function parseSize(value: string | number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 ? Math.floor(value) : undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  const unit = match && UNITS[match[2]!.toLowerCase()];
  return match && unit ? Math.floor(Number(match[1]) * unit) : undefined;
}

export class StorageConfigError extends Error {}

export function storageSettings(toml: StorageToml | undefined, root: string): StorageSettings {
  const global = parseSize(toml?.file_size_limit ?? '50MiB');
  if (global === undefined)
    throw new StorageConfigError(
      `supabase/config.toml: [storage] file_size_limit = ${JSON.stringify(toml?.file_size_limit)} is not a size (for example "50MiB")`,
    );
  const buckets: Record<string, BucketSettings> = {};
  for (const [name, b] of Object.entries(toml?.buckets ?? {})) {
    const limit = parseSize(b.file_size_limit);
    if (b.file_size_limit !== undefined && limit === undefined)
      throw new StorageConfigError(
        `supabase/config.toml: [storage.buckets.${name}] file_size_limit = ${JSON.stringify(b.file_size_limit)} is not a size (for example "5MiB")`,
      );
    buckets[name] = {
      public: b.public === true,
      fileSizeLimit: limit || undefined,
      allowedMimeTypes: b.allowed_mime_types ?? [],
    };
  }
  return { root, fileSizeLimit: global, buckets };
}

/** Creates the declared buckets or brings them to their settings, as `supabase seed buckets` does. */
export async function syncBuckets(db: Queryable, settings: StorageSettings): Promise<void> {
  for (const [name, b] of Object.entries(settings.buckets)) {
    await db.query(
      `insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
       values ($1, $1, $2, $3, $4)
       on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
         allowed_mime_types = excluded.allowed_mime_types, updated_at = now()`,
      [name, b.public, b.fileSizeLimit ?? null, b.allowedMimeTypes.length ? b.allowedMimeTypes : null],
    );
  }
}

/** At start: the declared buckets, and no upload left half-received by a stopped server. */
export async function startStorage(db: Queryable, settings: StorageSettings): Promise<void> {
  await mkdir(settings.root, { recursive: true, mode: 0o700 });
  await rm(uploadsDir(settings.root), { recursive: true, force: true });
  await syncBuckets(db, settings);
}
