// Logging an error without the data in it: Postgres errors carry the failing row (`detail`), and
// PGlite's carry the query and its parameters, which can hold password hashes and e-mail addresses.
const SAFE_FIELDS = ['code', 'severity', 'schema', 'table', 'column', 'constraint', 'routine'] as const;

/** The parts of an error that are safe to log: its name, message, code and where, never values. */
export function loggable(error: unknown): Record<string, unknown> | string {
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) return String(error);
  const e = error as Error & Record<string, unknown>;
  const out: Record<string, unknown> = { name: e.name, message: e.message };
  for (const field of SAFE_FIELDS) if (e[field] !== undefined && e[field] !== null) out[field] = e[field];
  // A stack names our code, not the data; the first line repeats the message, which is enough.
  if (typeof e.stack === 'string') out.stack = e.stack.split('\n').slice(1, 6).join('\n');
  return out;
}

/** console.error for an unexpected failure, with only what `loggable` keeps. */
export function logError(scope: string, what: string, error: unknown): void {
  console.error(`[${scope}] ${what}`, loggable(error));
}
