// The one place where errors become messages. Supabase answers `{ data, error }`; `unwrap` turns the
// error into a thrown AppError, and `errorMessage` is the text a person sees.
import { gameIdTaken } from '@/lib/database-errors';

export const NETWORK_MESSAGE = "Can't reach the server. Check your connection and try again.";
export const FALLBACK_MESSAGE = 'Something went wrong. Please try again.';

export class AppError extends Error {
  code?: string;
  status?: number;
  /** The database's arguments to a rule's message (a player's number, a player ID), from `details`. */
  args: string[];
  /** True when the request never reached the server. */
  network: boolean;
  /** True when the message was written for people (shown as it is). */
  userFacing: boolean;

  constructor(
    message: string,
    options: {
      code?: string;
      status?: number;
      args?: string[];
      network?: boolean;
      userFacing?: boolean;
      cause?: unknown;
    } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.code = options.code || undefined;
    this.status = options.status;
    this.args = options.args ?? [];
    this.network = options.network ?? false;
    this.userFacing = options.userFacing ?? false;
  }
}

type ErrorLike = {
  message?: unknown;
  code?: unknown;
  status?: unknown;
  name?: unknown;
  context?: unknown;
  details?: unknown;
};

/** A rule's error (supabase/schemas/errors.sql): SQLSTATE class BC, or PT and an HTTP status for a limit. */
const RULE_CODE = /^(BC[0-9A-Z][0-9]{2}|PT[0-9]{3})$/;

/** The JSON array of arguments a rule's error carries in `details`, or none. */
function ruleArgs(code: string | undefined, details: unknown): string[] {
  if (!code || !RULE_CODE.test(code) || typeof details !== 'string') return [];
  try {
    const parsed: unknown = JSON.parse(details);
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
}

function isNetworkFailure(e: ErrorLike): boolean {
  const message = typeof e.message === 'string' ? e.message : '';
  // Browsers say "Failed to fetch" (Chrome), "NetworkError when attempting to fetch resource"
  // (Firefox) or "Load failed" (Safari); Node says "fetch failed". supabase-js wraps these in
  // AuthRetryableFetchError (status 0) or a PostgrestError whose message starts with "TypeError:".
  return (
    e.name === 'AuthRetryableFetchError' ||
    /failed to fetch|fetch failed|networkerror|load failed|ECONNREFUSED/i.test(message)
  );
}

/** Any thrown value or Supabase `error` -> AppError (PostgrestError, AuthError, FunctionsError, TypeError...). */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error && typeof error === 'object') {
    const e = error as ErrorLike;
    const message = typeof e.message === 'string' && e.message ? e.message : FALLBACK_MESSAGE;
    if (isNetworkFailure(e)) return new AppError(NETWORK_MESSAGE, { network: true, status: 0, cause: error });
    let code = typeof e.code === 'string' ? e.code : typeof e.code === 'number' ? String(e.code) : undefined;
    // Storage's errors carry their code as statusCode (storage-js's StorageApiError).
    const storageCode = (error as { statusCode?: unknown }).statusCode;
    if (e.name === 'StorageApiError' && typeof storageCode === 'string') code = `storage:${storageCode}`;
    let status = typeof e.status === 'number' ? e.status : undefined;
    // FunctionsHttpError carries the Response in `context`.
    if (status === undefined && e.context instanceof Response) status = e.context.status;
    return new AppError(message, { code, status, args: ruleArgs(code, e.details), cause: error });
  }
  if (typeof error === 'string' && error) return new AppError(error);
  return new AppError(FALLBACK_MESSAGE, { cause: error });
}

/** `{ data, error }` -> data, or throws the AppError. */
export function unwrap<T>(result: { data: T; error: unknown }): T {
  if (result.error) throw toAppError(result.error);
  return result.data;
}

// Postgres codes that reach people: what they mean, in words for people.
const DATABASE_MESSAGES: Record<string, string> = {
  '42501': "You don't have permission to do that.",
  '23505': 'That already exists.',
  '23514': 'Some of the values are not allowed.',
  '23502': 'A required value is missing.',
  '22001': 'One of the values is too long.',
  PGRST301: 'Your session has expired. Please sign in again.',
  PGRST303: 'Your session has expired. Please sign in again.',
};

// Constraints whose violation has a more precise message than its code's. Postgres names the
// constraint only in its own message ("... violates unique constraint \"name\""): read here, once.
const CONSTRAINT_MESSAGES: Record<string, string> = {
  tournaments_name_key: 'A tournament with this name already exists.',
};
// Constraints that stand for a rule: two accounts saving the same game ID at once pass the trigger's
// check, and the unique index refuses the second.
const CONSTRAINT_RULES: Record<string, Rule> = {
  profiles_game_id_key: gameIdTaken,
};

function violatedConstraint(e: AppError): string | undefined {
  return e.code?.startsWith('23') ? /constraint "([a-z0-9_]+)"/.exec(e.message)?.[1] : undefined;
}

// Storage's refusals (its `statusCode`), for its one bucket: the evidence screenshots (lib/evidence.ts
// checks the same limits first, with these words).
export const EVIDENCE_MESSAGES = {
  size: 'Screenshots can be at most 5 MB.',
  type: 'Attach a PNG, JPEG or WebP screenshot.',
  denied: 'Only the captains of this match can attach screenshots, until its result is confirmed.',
} as const;
const STORAGE_MESSAGES: Record<string, string> = {
  '413': EVIDENCE_MESSAGES.size,
  '415': EVIDENCE_MESSAGES.type,
  '403': EVIDENCE_MESSAGES.denied,
  '404': 'That file is not there, or you cannot see it.',
};

export const RATE_LIMIT_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';
export const EMAIL_LIMIT_MESSAGE = 'Too many emails have been sent. Please wait a while and try again.';

/** A 429 from any service (Auth's limits, the database's PT429): what to do about it, in words. */
function rateLimitMessage(e: AppError): string {
  // Auth's per-address wait and the database's own limits already say what to do.
  if (e.code === 'PT429' || /^For security purposes/.test(e.message)) return e.message;
  return e.code === 'over_email_send_rate_limit' ? EMAIL_LIMIT_MESSAGE : RATE_LIMIT_MESSAGE;
}

/** A rule of the database (an export of lib/database-errors.ts): its code and message template. */
export interface Rule {
  readonly code: string;
  readonly message: string;
}

/** Did the database refuse with this rule? Compares codes (and for a constraint that stands for one, its name). */
export function isRuleError(error: unknown, rule: Rule): boolean {
  const e = toAppError(error);
  if (e.code === rule.code) return true;
  const constraint = violatedConstraint(e);
  return constraint !== undefined && CONSTRAINT_RULES[constraint] === rule;
}

/** A rule's message with its arguments, as the database's format() writes it (%s, %1$s). */
export function ruleMessage(rule: Rule, ...args: (string | number)[]): string {
  let next = 0;
  return rule.message.replace(/%(?:(\d+)\$)?s/g, (_, position?: string) =>
    String(args[position ? Number(position) - 1 : next++] ?? ''),
  );
}

/**
 * The user-facing text for any error. A rule's error (class BC, from the catalogue in
 * supabase/schemas/errors.sql, which the app's copy in lib/database-errors.ts is generated from) and a
 * plain P0001 are written for people and shown as they are.
 */
export function errorMessage(error: unknown): string {
  const e = toAppError(error);
  if (e.network) return NETWORK_MESSAGE;
  if (e.code?.startsWith('storage:')) return STORAGE_MESSAGES[e.code.slice('storage:'.length)] ?? FALLBACK_MESSAGE;
  // PostgrestError carries no status: the database's 429 is known by its code.
  if (e.status === 429 || e.code === 'PT429') return rateLimitMessage(e);
  if (e.userFacing || e.code === 'P0001' || (e.code && RULE_CODE.test(e.code))) return e.message;
  const constraint = violatedConstraint(e);
  if (constraint && CONSTRAINT_RULES[constraint]) return CONSTRAINT_RULES[constraint]!.message;
  if (constraint && CONSTRAINT_MESSAGES[constraint]) return CONSTRAINT_MESSAGES[constraint]!;
  if (e.code && DATABASE_MESSAGES[e.code]) return DATABASE_MESSAGES[e.code]!;
  // Auth errors (they carry auth codes like weak_password) are written for people already.
  if (e.code && /^[a-z_]+$/.test(e.code)) return e.message;
  if (e.status && e.status >= 500) return FALLBACK_MESSAGE;
  return e.message || FALLBACK_MESSAGE;
}

/**
 * Worth another try without the person doing anything: the request never arrived, the server failed,
 * or Postgres reported a passing condition (connection, serialization, resources, internal).
 */
export function isTransient(error: unknown): boolean {
  const e = toAppError(error);
  if (e.network || (e.status !== undefined && e.status >= 500)) return true;
  return !!e.code && /^(08|40|53|57|XX)/.test(e.code);
}
