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

/**
 * Every code the Data API itself raises, with its HTTP status (PostgREST's Error.hs): the one table,
 * so a new code is a type error until it has a status here. Postgres's own SQLSTATEs that reach a
 * client go through pgErrorStatus below instead.
 */
export const API_ERROR_STATUS = {
  PGRST000: 500, // an unexpected fault of this server (PostgREST: the database is out of reach)
  PGRST003: 504, // timed out waiting for a pooled connection
  PGRST100: 400, // unparseable query parameter (QueryParamError)
  PGRST101: 405, // rpc called with a method other than GET/HEAD/POST (InvalidRpcMethod)
  PGRST102: 400, // invalid or empty JSON body (InvalidBody)
  PGRST103: 416, // range not satisfiable (InvalidRange)
  PGRST106: 406, // schema not exposed (UnacceptableSchema)
  PGRST107: 406, // no acceptable media type (MediaTypeError)
  PGRST108: 400, // filter on something that is not embedded (NotEmbedded)
  PGRST116: 406, // single object requested, not exactly one row (SingularityError)
  PGRST117: 405, // unsupported HTTP verb (UnsupportedMethod)
  PGRST118: 400, // order by an embedded resource that is not to-one (RelatedOrderNotToOne)
  PGRST122: 400, // invalid preferences with handling=strict (InvalidPreferences)
  PGRST123: 400, // an aggregate while db-aggregates-enabled is off (AggregatesNotAllowed)
  PGRST124: 400, // more rows affected than Prefer: max-affected allows (MaxAffectedViolationError)
  PGRST125: 404, // no such path under /rest/v1 (InvalidResourcePath)
  PGRST200: 400, // no relationship for an embed (NoRelBetween)
  PGRST201: 300, // more than one relationship for an embed (AmbiguousRelBetween)
  PGRST202: 404, // function not found (NoRpc)
  PGRST203: 300, // overloaded function, ambiguous call (AmbiguousRpc)
  PGRST204: 400, // column of the payload not found (ColumnNotFound)
  PGRST205: 404, // table not found (TableNotFound)
  PGRST301: 401, // JWT malformed or wrongly signed
  PGRST302: 401, // no API key / token
  PGRST303: 401, // JWT claims invalid (expired)
  '21000': 400, // UPDATE/DELETE without a filter (pg-safeupdate, as hosted Supabase has it)
  '42703': 400, // unknown column (validated against the schema cache before Postgres sees it)
  '42712': 400, // two embeds under one name (Postgres's duplicate_alias, refused before it sees them)
} as const satisfies Record<string, number>;

export type ApiErrorCode = keyof typeof API_ERROR_STATUS;

export class ApiError extends Error {
  readonly status: number;
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly details: unknown = null,
    readonly hint: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = API_ERROR_STATUS[code];
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
  if (error instanceof PoolTimeoutError) return toErrorResponse(new ApiError('PGRST003', error.message), signedIn);
  if (error instanceof JwtError) {
    const code = error.reason === 'missing' ? 'PGRST302' : error.reason === 'expired' ? 'PGRST303' : 'PGRST301';
    return toErrorResponse(new ApiError(code, error.message), signedIn);
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
  return toErrorResponse(new ApiError('PGRST000', 'The server could not handle this request.'), signedIn);
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
export const STALE_CACHE_CODES: ReadonlySet<ApiErrorCode> = new Set([
  'PGRST200',
  'PGRST202',
  'PGRST204',
  'PGRST205',
  '42703',
]);
