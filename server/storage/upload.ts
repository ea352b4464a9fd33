// Receives an upload's bytes into a temporary file, as storage-js sends them: multipart form data (a
// Blob or File: fields cacheControl and metadata, the file in the part named '') or the raw body with
// its Content-Type. The size limit is counted while the bytes stream in (413 past it, nothing kept),
// the type is checked against the bucket's allowed types before any byte is written, and an image's
// first bytes must be that image's signature.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { StorageError } from './errors.ts';
import { uploadsDir } from './paths.ts';

export interface Received {
  file: string;
  size: number;
  contentType: string;
  cacheControl: string;
  eTag: string;
  userMetadata: Record<string, unknown> | null;
}

export interface UploadRules {
  root: string;
  maxBytes: number;
  allowedMimeTypes: string[];
}

const mb = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(2)} MB` : `${Math.ceil(bytes / 1024)} KB`;

export const tooLarge = (maxBytes: number) =>
  new StorageError('EntityTooLarge', `The object exceeded the maximum allowed size (${mb(maxBytes)})`);

/** storage's allowed_mime_types: exact types or `type/*`, compared without parameters. */
export function checkMimeType(contentType: string, allowed: string[]): string {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (!/^[\w.+-]+\/[\w.+-]+$/.test(type))
    throw new StorageError('InvalidMimeType', `mime type ${contentType || '(none)'} is not supported`);
  const ok =
    allowed.length === 0 ||
    allowed.some((a) => {
      const rule = a.toLowerCase();
      return rule === type || (rule.endsWith('/*') && type.startsWith(rule.slice(0, -1)));
    });
  if (!ok) throw new StorageError('InvalidMimeType', `mime type ${type} is not supported`);
  return type;
}

/** The first bytes each image type starts with (a file claiming the type must start so). */
const SIGNATURES: Record<string, (head: Buffer) => boolean> = {
  'image/png': (h) => h.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff,
  'image/webp': (h) => h.toString('latin1', 0, 4) === 'RIFF' && h.toString('latin1', 8, 12) === 'WEBP',
  'image/gif': (h) => /^GIF8[79]a/.test(h.toString('latin1', 0, 6)),
};

/** Counts and hashes the bytes, refuses past the limit, and checks the signature on the first chunk. */
function guard(maxBytes: number, contentType: string, counted: { size: number; hash: ReturnType<typeof createHash> }) {
  const signature = SIGNATURES[contentType];
  let head = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      counted.size += chunk.length;
      if (counted.size > maxBytes) return done(tooLarge(maxBytes));
      if (signature && head.length < 12) {
        head = Buffer.concat([head, chunk]);
        if (head.length >= 12 && !signature(head)) return done(notThatImage(contentType));
      }
      counted.hash.update(chunk);
      done(null, chunk);
    },
    flush(done) {
      if (signature && head.length < 12 && !signature(head)) return done(notThatImage(contentType));
      done();
    },
  });
}

const interrupted = () => new StorageError('InvalidRequest', 'The upload was interrupted');

const notThatImage = (type: string) =>
  new StorageError('InvalidMimeType', `The file is not a ${type.replace('image/', '').toUpperCase()} image`);

async function writeTo(
  source: Readable,
  rules: UploadRules,
  contentType: string,
): Promise<{ file: string; size: number; eTag: string }> {
  const dir = uploadsDir(rules.root);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const file = join(dir, randomUUID());
  const counted = { size: 0, hash: createHash('md5') };
  try {
    await pipeline(source, guard(rules.maxBytes, contentType, counted), createWriteStream(file, { mode: 0o600 }));
  } catch (error) {
    await rm(file, { force: true });
    throw error instanceof StorageError ? error : interrupted();
  }
  if (counted.size === 0) {
    await rm(file, { force: true });
    throw new StorageError('InvalidRequest', 'No content provided');
  }
  return { file, size: counted.size, eTag: `"${counted.hash.digest('hex')}"` };
}

function parseMetadata(text: string | undefined): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // refused below
  }
  throw new StorageError('InvalidRequest', 'metadata must be a JSON object');
}

/** Reads the request's file into `<root>/.uploads/`; the caller moves it into place or removes it. */
export async function receiveUpload(request: Request, rules: UploadRules, incoming?: Readable): Promise<Received> {
  const type = request.headers.get('content-type') ?? '';
  const declared = Number(request.headers.get('content-length'));
  // Node's own request stream where the server has one (npm start), else the web stream (app.request()).
  const web = incoming ? null : request.body;
  if (!incoming && !web) throw new StorageError('InvalidRequest', 'No content provided');
  const body = incoming ?? Readable.fromWeb(web as import('node:stream/web').ReadableStream);
  if (!type.toLowerCase().startsWith('multipart/form-data')) {
    const contentType = checkMimeType(type, rules.allowedMimeTypes);
    if (declared > rules.maxBytes) {
      body.resume(); // read into nothing, so the answer reaches the client
      throw tooLarge(rules.maxBytes);
    }
    const cache = request.headers.get('cache-control') ?? 'max-age=3600';
    const metadataHeader = request.headers.get('x-metadata');
    const userMetadata = parseMetadata(metadataHeader ? Buffer.from(metadataHeader, 'base64').toString() : undefined);
    const written = await writeTo(body, rules, contentType);
    return { ...written, contentType, cacheControl: cache, userMetadata };
  }
  return receiveMultipart(body, type, rules);
}

function receiveMultipart(body: Readable, type: string, rules: UploadRules): Promise<Received> {
  return new Promise<Received>((resolve, reject) => {
    const fields: Record<string, string> = {};
    let writing: Promise<Omit<Received, 'cacheControl' | 'userMetadata'>> | undefined;
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers: { 'content-type': type }, limits: { files: 1, fields: 10, fieldSize: 64 * 1024 } });
    } catch {
      return reject(new StorageError('InvalidRequest', 'The multipart body could not be read'));
    }
    let file: Readable | undefined;
    // Refused: answer at once, end the file being written (its part is removed), and let the rest of
    // the body run into nothing.
    const fail = (error: unknown) => {
      body.unpipe(parser);
      body.resume();
      file?.destroy(error instanceof Error ? error : interrupted());
      reject(error);
    };
    // A client that goes away mid-upload: refused, never an unhandled stream error.
    body.on('error', () => fail(interrupted()));
    parser.on('field', (name, value) => (fields[name] = value));
    parser.on('file', (_name, stream, info) => {
      if (writing) return stream.resume();
      try {
        const contentType = checkMimeType(info.mimeType, rules.allowedMimeTypes);
        // From here the write's pipeline listens to the stream, so ending it with an error is safe.
        file = stream;
        writing = writeTo(stream, rules, contentType).then((w) => ({ ...w, contentType }));
        writing.catch(fail);
      } catch (error) {
        writing = Promise.reject(error);
        writing.catch(() => {});
        stream.resume();
        fail(error);
      }
    });
    parser.on('error', () => fail(new StorageError('InvalidRequest', 'The multipart body could not be read')));
    parser.on('close', () => {
      if (!writing) return reject(new StorageError('InvalidRequest', 'No content provided'));
      writing.then((w) => {
        const cacheControl = fields.cacheControl ? `max-age=${fields.cacheControl}` : 'max-age=3600';
        try {
          resolve({ ...w, cacheControl, userMetadata: parseMetadata(fields.metadata) });
        } catch (error) {
          void rm(w.file, { force: true });
          reject(error);
        }
      }, fail);
    });
    body.pipe(parser);
  });
}
