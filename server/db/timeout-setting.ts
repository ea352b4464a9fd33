// statement_timeout as Postgres prints it (SHOW, current_setting), in milliseconds: what PGlite's
// worker reports to the thread that times each statement (pglite-host.ts).

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, min: 60_000, h: 3_600_000, d: 86_400_000 };

/** '0', '150ms', '3s', '2min', '1h', '1d' -> milliseconds; undefined for anything else. */
export function timeoutToMs(value: string): number | undefined {
  const m = /^(\d+)\s*(ms|s|min|h|d)?$/.exec(value.trim());
  return m ? Number(m[1]) * UNIT_MS[m[2] ?? 'ms']! : undefined;
}
