// Object names and where their files live. A name is checked as supabase/storage checks keys
// (isValidKey: S3-safe characters) and, since here it becomes a path on disk, refused when a segment
// is empty, `.` or `..`; the resolved path is then checked to be inside the bucket's folder.
import { join, resolve, sep } from 'node:path';
import { StorageError, invalidKey } from './errors.ts';

const KEY_CHARACTERS = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;
const BUCKET_CHARACTERS = /^(\w|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/;

export function checkBucketName(bucket: string): string {
  if (!bucket || bucket.length > 100 || !BUCKET_CHARACTERS.test(bucket) || bucket === '.' || bucket === '..')
    throw new StorageError('InvalidBucketName', 'Bucket name invalid');
  return bucket;
}

export function checkObjectName(name: string): string {
  const segments = name.split('/');
  if (
    !name ||
    name.length > 1024 ||
    !KEY_CHARACTERS.test(name) ||
    segments.some((s) => s === '' || s === '.' || s === '..')
  )
    throw invalidKey(name);
  return name;
}

/** `/<bucket>/<name...>` of a request path after its route, percent-decoded. */
export function splitObjectPath(rest: string): { bucket: string; name: string } {
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest);
  } catch {
    throw invalidKey(rest);
  }
  const [bucket = '', ...name] = decoded.replace(/^\/+/, '').split('/');
  return { bucket: checkBucketName(bucket), name: checkObjectName(name.join('/')) };
}

/** The file of one version of an object, never outside `<root>/<bucket>/`. */
export function objectFile(root: string, bucket: string, name: string, version: string): string {
  const bucketDir = resolve(root, checkBucketName(bucket));
  const file = resolve(bucketDir, checkObjectName(name), version);
  if (!file.startsWith(bucketDir + sep) || !/^[0-9a-f-]{36}$/.test(version)) throw invalidKey(name);
  return file;
}

/** Where uploads stream to before they become an object (same file system: a rename moves them). */
export const uploadsDir = (root: string) => join(root, '.uploads');
