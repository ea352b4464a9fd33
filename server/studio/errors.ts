// The studio's one error catalogue: stable codes, one code-to-status table, and the translation of
// Postgres errors into sentences an operator can act on. Database errors are never 500s here.
import type { Queryable } from '../db/database.ts';
import type { PgError } from '../shared/pg-error.ts';

export type StudioErrorCode =
  | 'forbidden'
  | 'not_found'
  | 'invalid_request'
  | 'invalid_value'
  | 'read_only'
  | 'unique_violation'
  | 'foreign_key_violation'
  | 'not_null_violation'
  | 'check_violation'
  | 'constraint_violation'
  | 'rejected'
  | 'permission_denied'
  | 'unsupported'
  | 'conflict'
  | 'database_unavailable'
  | 'database_error'
  | 'internal_error';

const STATUS: Record<StudioErrorCode, number> = {
  forbidden: 403,
  not_found: 404,
  invalid_request: 400,
  invalid_value: 400,
  read_only: 400,
  unique_violation: 400,
  foreign_key_violation: 400,
  not_null_violation: 400,
  check_violation: 400,
  constraint_violation: 400,
  rejected: 400,
  permission_denied: 403,
  unsupported: 400,
  conflict: 409,
  database_unavailable: 503,
  database_error: 400,
  internal_error: 500,
};

export interface StudioErrorBody {
  error: StudioErrorCode;
  message: string;
  /** Postgres' own detail line, when it gave one. */
  detail: string | null;
  /** The constraint or column the error is about, when known. */
  constraint: string | null;
  column: string | null;
}

export class StudioError extends Error {
  readonly status: number;
  constructor(
    readonly code: StudioErrorCode,
    message: string,
    readonly extra: { detail?: string | null; constraint?: string | null; column?: string | null } = {},
  ) {
    super(message);
    this.name = 'StudioError';
    this.status = STATUS[code];
  }

  body(): StudioErrorBody {
    return {
      error: this.code,
      message: this.message,
      detail: this.extra.detail ?? null,
      constraint: this.extra.constraint ?? null,
      column: this.extra.column ?? null,
    };
  }
}

export const notFound = (message: string) => new StudioError('not_found', message);
export const invalidRequest = (message: string) => new StudioError('invalid_request', message);

const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined);
const sentence = (s: string) => (s ? s[0]!.toUpperCase() + s.slice(1) : s);

/** `Key (a, b)=(1, x) ...` -> `a, b = 1, x`, for messages. */
function keyOf(detail: string | undefined): string | undefined {
  const m = detail && /^Key \((.*)\)=\((.*)\)/.exec(detail);
  return m ? `${m[1]} = ${m[2]}` : undefined;
}

/**
 * A Postgres error -> a StudioError with a message written for the operator. `db` is used, outside
 * the failed transaction, to quote a CHECK constraint's definition.
 */
export async function fromPgError(error: PgError, db: Queryable): Promise<StudioError> {
  const detail = str(error.detail);
  const constraint = str(error.constraint);
  const column = str(error.column);
  const table = str(error.table);
  const extra = { detail: detail ?? null, constraint: constraint ?? null, column: column ?? null };
  const key = keyOf(detail);
  switch (error.code) {
    case '23505':
      return new StudioError(
        'unique_violation',
        key
          ? `Another row already has ${key}; it must be unique (${constraint ?? 'unique constraint'}).`
          : `This value must be unique (${constraint ?? 'unique constraint'}).`,
        extra,
      );
    case '23503': {
      const referenced = detail && /still referenced from table "([^"]+)"/.exec(detail);
      if (referenced) {
        return new StudioError(
          'foreign_key_violation',
          `Rows in ${referenced[1]} still point at this row (${constraint ?? 'foreign key'}); change or delete them first.`,
          extra,
        );
      }
      const missing = detail && /is not present in table "([^"]+)"/.exec(detail);
      return new StudioError(
        'foreign_key_violation',
        missing && key
          ? `No row in ${missing[1]} has ${key} (${constraint ?? 'foreign key'}).`
          : `${sentence(error.message)}.`,
        extra,
      );
    }
    case '23502':
      return new StudioError(
        'not_null_violation',
        column ? `${column} cannot be NULL: give it a value.` : `${sentence(error.message)}.`,
        extra,
      );
    case '23514': {
      let definition: string | undefined;
      if (constraint && table) {
        definition = await db
          .query<{ def: string }>(
            `select pg_get_constraintdef(c.oid) as def from pg_constraint c
               join pg_class r on r.oid = c.conrelid join pg_namespace n on n.oid = r.relnamespace
              where c.conname = $1 and r.relname = $2 and n.nspname = $3`,
            [constraint, table, error.schema ?? 'public'],
          )
          .then(
            (r) => r.rows[0]?.def,
            () => undefined,
          );
      }
      return new StudioError(
        'check_violation',
        `The row breaks the rule ${constraint ?? 'of a check constraint'}${definition ? `: ${definition}` : ''}.`,
        extra,
      );
    }
    case '42501':
      return new StudioError(
        'permission_denied',
        `${sentence(error.message)}: the service role has no grant for this.`,
        extra,
      );
    case 'P0001':
      // A trigger's `raise exception`: the project writes those messages for people already.
      return new StudioError('rejected', error.message, extra);
    case '40001':
    case '40P01':
      return new StudioError('conflict', 'Another change got in the way. Try again.', extra);
  }
  // The project's rules raise codes of class BC (supabase/schemas/errors.sql), written for people too.
  if (error.code.startsWith('BC')) return new StudioError('rejected', error.message, extra);
  if (error.code.startsWith('23')) return new StudioError('constraint_violation', `${sentence(error.message)}.`, extra);
  if (error.code.startsWith('22')) return new StudioError('invalid_value', `${sentence(error.message)}.`, extra);
  if (/^(42883|42804|42846|0A000|42P18)$/.test(error.code)) {
    return new StudioError('unsupported', `${sentence(error.message)}.`, extra);
  }
  if (/^(08|53|57)/.test(error.code)) {
    return new StudioError('database_unavailable', 'The database is not answering. Try again in a moment.', extra);
  }
  return new StudioError('database_error', `${sentence(error.message)}.`, extra);
}
