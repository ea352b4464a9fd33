// Telling an error raised by Postgres (pg or PGlite, both carry a five-character SQLSTATE) from others.

/** The fields Postgres errors carry. `detail` may hold row values: never log or show it unchecked. */
export interface PgError {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
  constraint?: string;
  column?: string;
  table?: string;
  schema?: string;
}

export function isPgError(error: unknown): error is PgError {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as PgError).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as PgError).code)
  );
}
