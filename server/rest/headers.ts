// The request headers that shape a Data API response: Prefer (RFC 7240, as PostgREST's
// ApiRequest/Preferences.hs reads it), Accept (which body: JSON array, one object, CSV or a plan),
// Range, and Accept-Profile/Content-Profile (which exposed schema).
import { ApiError } from './errors.ts';

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  missing?: 'default' | 'null';
  tx?: 'commit' | 'rollback';
  handling?: 'strict' | 'lenient';
  /** Only honoured with handling=strict, as PostgREST does. */
  maxAffected?: number;
  /** What the Preference-Applied header echoes, in PostgREST's order. */
  applied: string[];
}

const CHOICES = {
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  missing: ['default', 'null'],
  return: ['representation', 'minimal', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  tx: ['commit', 'rollback'],
  handling: ['strict', 'lenient'],
} as const;
/** `params=single-object` is accepted (and ignored) for old clients; PostgREST deprecated it. */
const ACCEPTED_ONLY = new Set(['params=single-object']);
const MAX_PREFERENCES = 32;

/**
 * `Prefer: return=representation, count=exact` (one header or several, joined by commas). The first
 * value of a preference wins. Unknown preferences are ignored, or refused with `handling=strict`
 * (PGRST122). `tx` counts only where db-tx-end lets a request override it (`txOverridable`).
 */
export function parsePrefer(header: string | undefined | null, txOverridable = true): Preferences {
  const items = (header ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  if (items.length > MAX_PREFERENCES)
    throw new ApiError(
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Too many preferences: ${items.length}`,
    );
  const found: Partial<Record<keyof typeof CHOICES, string>> = {};
  const invalid: string[] = [];
  let maxAffected: number | undefined;
  for (const item of items) {
    const eq = item.indexOf('=');
    const key = eq < 0 ? item : item.slice(0, eq);
    const value = eq < 0 ? '' : item.slice(eq + 1);
    if (key === 'max-affected' && /^\d{1,15}$/.test(value)) {
      maxAffected ??= Number(value);
      continue;
    }
    if (key in CHOICES && (CHOICES[key as keyof typeof CHOICES] as readonly string[]).includes(value)) {
      if (key !== 'tx' || txOverridable) found[key as keyof typeof CHOICES] ??= value;
      continue;
    }
    if (!ACCEPTED_ONLY.has(item)) invalid.push(item);
  }
  if (found.handling === 'strict' && invalid.length > 0) {
    throw new ApiError(
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${invalid.join(', ')}`,
    );
  }
  const prefs: Preferences = {
    return: (found.return as Preferences['return']) ?? 'minimal',
    count: found.count as Preferences['count'],
    resolution: found.resolution as Preferences['resolution'],
    missing: found.missing as Preferences['missing'],
    tx: found.tx as Preferences['tx'],
    handling: found.handling as Preferences['handling'],
    maxAffected: found.handling === 'strict' ? maxAffected : undefined,
    applied: [],
  };
  for (const key of ['resolution', 'missing', 'return', 'count', 'tx', 'handling'] as const) {
    if (found[key]) prefs.applied.push(`${key}=${found[key]}`);
  }
  if (prefs.maxAffected !== undefined) prefs.applied.push(`max-affected=${prefs.maxAffected}`);
  return prefs;
}

/** `Range: 0-9` (items). Returns offset and limit, or undefined for none/unparseable (PostgREST ignores those). */
export function parseRange(header: string | undefined): { offset: number; limit?: number } | undefined {
  if (!header) return undefined;
  const match = /^(?:items=)?\s*(\d{1,15})-(\d{0,15})\s*$/.exec(header.trim());
  if (!match) return undefined;
  const from = Number(match[1]);
  if (match[2] === '') return { offset: from };
  const to = Number(match[2]);
  if (to < from)
    throw new ApiError(
      'PGRST103',
      'Requested range not satisfiable',
      `The lower boundary must be lower than or equal to the upper boundary in the Range header.`,
    );
  return { offset: from, limit: to - from + 1 };
}

/** What the response body is: JSON (an array, or one object), CSV, or the query plan of either. */
export type Representation = {
  single: boolean;
  stripNulls: boolean;
  csv: boolean;
  /** `application/vnd.pgrst.plan`: EXPLAIN the statement instead of running it for its rows. */
  plan?: {
    format: 'json' | 'text';
    analyze: boolean;
    verbose: boolean;
    settings: boolean;
    buffers: boolean;
    wal: boolean;
    for: string;
  };
};

const JSON_TYPES = new Set([
  'application/json',
  'application/vnd.pgrst.array+json',
  'application/vnd.pgrst.array',
  '*/*',
  'application/*',
]);
const OBJECT_TYPES = new Set(['application/vnd.pgrst.object+json', 'application/vnd.pgrst.object']);
const PLAN_TYPES: Record<string, 'json' | 'text'> = {
  'application/vnd.pgrst.plan': 'text',
  'application/vnd.pgrst.plan+text': 'text',
  'application/vnd.pgrst.plan+json': 'json',
};

function mediaParams(params: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of params) {
    const eq = p.indexOf('=');
    if (eq > 0)
      out.set(
        p.slice(0, eq).trim(),
        p
          .slice(eq + 1)
          .trim()
          .replace(/^"(.*)"$/, '$1'),
      );
  }
  return out;
}

/**
 * Accept -> the representation, trying each media type in order. 406 (PGRST107) for what we cannot
 * produce; the plan media type only when the operator enabled it (PostgREST's db-plan-enabled, off
 * on hosted Supabase).
 */
export function parseAccept(header: string | undefined, planEnabled = false): Representation {
  if (!header) return { single: false, stripNulls: false, csv: false };
  if (header.length > 1024) throw new ApiError('PGRST107', 'None of these media types are available: (too long)');
  for (const kind of header.split(',')) {
    const [rawType = '', ...rest] = kind.split(';');
    const type = rawType.trim().toLowerCase();
    const params = mediaParams(rest);
    const stripNulls = params.get('nulls') === 'stripped';
    if (OBJECT_TYPES.has(type)) return { single: true, stripNulls, csv: false };
    if (JSON_TYPES.has(type)) return { single: false, stripNulls, csv: false };
    if (type === 'text/csv') return { single: false, stripNulls: false, csv: true };
    if (planEnabled && PLAN_TYPES[type]) {
      const forType = (params.get('for') ?? 'application/json').toLowerCase();
      const options = new Set((params.get('options') ?? '').split('|').map((o) => o.trim()));
      return {
        single: OBJECT_TYPES.has(forType),
        stripNulls: false,
        csv: forType === 'text/csv',
        plan: {
          format: PLAN_TYPES[type],
          analyze: options.has('analyze'),
          verbose: options.has('verbose'),
          settings: options.has('settings'),
          buffers: options.has('buffers'),
          wal: options.has('wal'),
          for: forType,
        },
      };
    }
  }
  throw new ApiError('PGRST107', `None of these media types are available: ${header}`);
}

/** Accept-Profile (reads) or Content-Profile (writes): one of the exposed schemas, the first by default. */
export function pickSchema(profile: string | undefined, exposed: string[]): string {
  if (!profile) return exposed[0] ?? 'public';
  if (exposed.includes(profile)) return profile;
  throw new ApiError(
    'PGRST106',
    `Invalid schema: ${profile}`,
    null,
    `Only the following schemas are exposed: ${exposed.join(', ')}`,
  );
}
