// Storage's errors: one closed set of codes, each with its HTTP status, answered in supabase/storage's
// shape `{statusCode, error, message}` (src/internal/errors/codes.ts), which storage-js reads.
export const STORAGE_ERRORS = {
  NoSuchBucket: 404,
  NoSuchKey: 404,
  InvalidJWT: 400,
  InvalidKey: 400,
  InvalidBucketName: 400,
  InvalidRequest: 400,
  InvalidSignature: 400,
  ExpiredToken: 400,
  InvalidMimeType: 415,
  EntityTooLarge: 413,
  KeyAlreadyExists: 409,
  AccessDenied: 403,
  InternalError: 500,
} as const;

export type StorageErrorCode = keyof typeof STORAGE_ERRORS;

/** The `error` field storage sends for some codes (the code itself for the rest). */
const ERROR_NAMES: Partial<Record<StorageErrorCode, string>> = {
  NoSuchBucket: 'Bucket not found',
  NoSuchKey: 'not_found',
  InvalidMimeType: 'invalid_mime_type',
  EntityTooLarge: 'Payload too large',
  KeyAlreadyExists: 'Duplicate',
  AccessDenied: 'Unauthorized',
  InvalidBucketName: 'Invalid Input',
};

export class StorageError extends Error {
  readonly status: number;
  constructor(
    readonly code: StorageErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
    this.status = STORAGE_ERRORS[code];
  }

  body(): { statusCode: string; code: StorageErrorCode; error: string; message: string } {
    return {
      statusCode: String(this.status),
      code: this.code,
      error: ERROR_NAMES[this.code] ?? this.code,
      message: this.message,
    };
  }
}

export const noSuchKey = () => new StorageError('NoSuchKey', 'Object not found');
export const noSuchBucket = () => new StorageError('NoSuchBucket', 'Bucket not found');
export const invalidKey = (key: string) => new StorageError('InvalidKey', `Invalid key: ${key}`);
