// The Data API's one error catalogue: PostgREST's own codes (PGRSTxxx), the Postgres SQLSTATEs it
// passes through, and the one table that turns a code into an HTTP status (PostgREST's Error.hs).
import { JwtError } from '../auth/jwt.ts';
import { PoolTimeoutError } from '../db/database.ts';

/** The body every Data API error has, exactly as PostgREST sends it. */
export interface ErrorBody {
  code: string;
  message: string;
  details: unknown;
  hint: string | null;
}

/** PostgREST's own errors: the code fixes the status. */
const API_STATUS: Record<string, number> = {
  PGRST100: 400, // unparseable query parameter
  PGRST101: 405, // rpc called with a method other than GET/POST
  PGRST102: 400, // invalid or empty JSON body
  PGRST103: 416, // range not satisfiable
  PGRST106: 406, // schema not exposed
  PGRST107: 415, // unsupported Content-Type (406 when it is the Accept header)
  PGRST108: 400, // filter on something that is not embedded
  PGRST116: 406, // single object requested, not exactly one row
  PGRST117: 405, // unsupported HTTP verb
  PGRST118: 400, // order by an embedded resource that is not to-one
  PGRST122: 400, // invalid preferences with handling=strict
  PGRST124: 400, // more rows affected than Prefer: max-affected allows
  PGRST200: 400, // no relationship for an embed
  PGRST201: 300, // more than one relationship for an embed
  PGRST202: 404, // function not found
  PGRST203: 300, // overloaded function, ambiguous call
  PGRST204: 400, // column of the payload not found
  PGRST205: 404, // table not found
  PGRST301: 401, // JWT malformed or wrongly signed
  PGRST302: 401, // no API key / token
  PGRST303: 401, // JWT claims invalid (expired)
  '21000': 400, // UPDATE/DELETE without a filter (pg-safeupdate, as hosted Supabase has it)
  '42703': 400, // unknown column (validated against the schema cache before Postgres sees it)
};

export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
    readonly status: number = API_STATUS[code] ?? 400,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  body(): ErrorBody {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

/** PostgREST's SQLSTATE -> status table (Error.hs, pgErrorStatus). Unlisted codes are the caller's fault: 400. */
export function pgErrorStatus(sqlState: string, signedIn: boolean): number {
  if (sqlState === '42501') return signedIn ? 403 : 401;
  const exact: Record<string, number> = {
    '23503': 409,
    '23505': 409,
    '25006': 405,
    P0001: 400,
    '42883': 404,
    '42P01': 404,
    '42P17': 500,
  };
  if (exact[sqlState] !== undefined) return exact[sqlState]!;
  if (/^PT\d{3}$/.test(sqlState)) return Number(sqlState.slice(2));
  const byClass: [string, number][] = [
    ['08', 503],
    ['09', 500],
    ['0L', 403],
    ['0P', 403],
    ['25', 500],
    ['28', 403],
    ['2D', 500],
    ['38', 500],
    ['39', 500],
    ['3B', 500],
    ['40', 500],
    ['53', 503],
    ['54', 413],
    ['55', 500],
    ['57', 500],
    ['58', 500],
    ['F0', 500],
    ['HV', 500],
    ['P0', 500],
    ['XX', 500],
  ];
  for (const [prefix, status] of byClass) if (sqlState.startsWith(prefix)) return status;
  return 400;
}

interface PgLikeError {
  code?: unknown;
  message?: unknown;
  detail?: unknown;
  hint?: unknown;
}

function isPgError(error: unknown): error is PgLikeError & { code: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as PgLikeError).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((error as { code: string }).code)
  );
}

/** Any error the pipeline can meet -> the status and body a client gets. Unknown errors are 500s. */
export function toErrorResponse(error: unknown, signedIn: boolean): { status: number; body: ErrorBody } {
  if (error instanceof ApiError) return { status: error.status, body: error.body() };
  if (error instanceof PoolTimeoutError) {
    return { status: 504, body: { code: error.code, message: error.message, details: null, hint: null } };
  }
  if (error instanceof JwtError) {
    const code = error.reason === 'missing' ? 'PGRST302' : error.reason === 'expired' ? 'PGRST303' : 'PGRST301';
    return { status: 401, body: { code, message: error.message, details: null, hint: null } };
  }
  if (isPgError(error)) {
    return {
      status: pgErrorStatus(error.code, signedIn),
      body: {
        code: error.code,
        message: String(error.message ?? ''),
        details: typeof error.detail === 'string' && error.detail ? error.detail : null,
        hint: typeof error.hint === 'string' && error.hint ? error.hint : null,
      },
    };
  }
  return {
    status: 500,
    body: { code: 'PGRST000', message: 'The server could not handle this request.', details: null, hint: null },
  };
}

// Constructors for the errors raised in more than one place, so their wording stays the same.

export const parseError = (what: string, value: string, details: string) =>
  new ApiError('PGRST100', `"failed to parse ${what} (${value})"`, details);

export const tableNotFound = (name: string, schema = 'public') =>
  new ApiError('PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`);

export const columnNotFound = (table: string, column: string) =>
  new ApiError('42703', `column ${table}.${column} does not exist`);

export const payloadColumnNotFound = (table: string, column: string) =>
  new ApiError('PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);

export const invalidBody = (details: string | null = null) =>
  new ApiError('PGRST102', 'Empty or invalid json', details);

export const notSingle = (rows: number) =>
  new ApiError('PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`);

/** The codes that may mean the schema cache is older than the database: reload and try once more. */
export const STALE_CACHE_CODES = new Set(['PGRST200', 'PGRST202', 'PGRST204', 'PGRST205', '42703']);
