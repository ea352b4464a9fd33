// The Data API's settings: `[api]` of supabase/config.toml, overridden by PostgREST's in-database
// configuration (`alter role authenticator set pgrst.db_max_rows = '100'`), which is read at the
// first request and again on `NOTIFY pgrst, 'reload config'`, as PostgREST's db-config does.
import type { Database } from '../db/database.ts';
import { logError } from '../shared/log.ts';

/** How a transaction ends (db-tx-end): whether `Prefer: tx` may change it. */
export type TxEnd = 'commit' | 'commit-allow-override' | 'rollback' | 'rollback-allow-override';

export interface RestOptions {
  /** The exposed schemas, the first the default (db-schemas). */
  schemas: string[];
  /** `max_rows`: the most rows one read returns (hosted default 1000); null for no limit. */
  maxRows: number | null;
  /** Answer `Accept: application/vnd.pgrst.plan` with EXPLAIN (db-plan-enabled, off on hosted Supabase). */
  planEnabled: boolean;
  /** The schemas after the request's own on the search_path of its transaction (db-extra-search-path). */
  extraSearchPath?: string[];
  /** Aggregates in select (`count()`, `amount.sum()`): db-aggregates-enabled, off as in PostgREST. */
  aggregatesEnabled?: boolean;
  /** db-tx-end; here by default `Prefer: tx=rollback` is honoured. */
  txEnd?: TxEnd;
}

export type RestSettings = Required<RestOptions>;

export const DEFAULT_REST_OPTIONS: RestOptions = { schemas: ['public'], maxRows: 1000, planEnabled: false };

export function withDefaults(options: RestOptions): RestSettings {
  return {
    extraSearchPath: ['public', 'extensions'],
    aggregatesEnabled: false,
    txEnd: 'commit-allow-override',
    ...options,
  };
}

/**
 * PostgREST's query for its in-database configuration: the authenticator role's `pgrst.*` settings,
 * those for this database over those for every database.
 */
const DB_CONFIG_SQL = `
select distinct on (key) replace(replace(key, 'pgrst.', ''), '-', '_') as key, value
from (
  select s.setdatabase, split_part(c, '=', 1) as key, substr(c, strpos(c, '=') + 1) as value
  from pg_catalog.pg_db_role_setting s, unnest(s.setconfig) c
  where s.setrole = to_regrole('authenticator')
    and s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
) settings
where key like 'pgrst.%'
order by key, setdatabase desc`;

const BOOLEANS: Record<string, boolean> = {
  true: true,
  on: true,
  yes: true,
  '1': true,
  false: false,
  off: false,
  no: false,
  '0': false,
};
const TX_ENDS: TxEnd[] = ['commit', 'commit-allow-override', 'rollback', 'rollback-allow-override'];
const list = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** One `pgrst.*` value applied to the settings; a value PostgREST would refuse leaves the setting as it was. */
function apply(settings: RestSettings, key: string, raw: string): void {
  const value = raw.trim();
  const bool = BOOLEANS[value.toLowerCase()];
  switch (key) {
    case 'db_aggregates_enabled':
      if (bool !== undefined) settings.aggregatesEnabled = bool;
      return;
    case 'db_plan_enabled':
      if (bool !== undefined) settings.planEnabled = bool;
      return;
    case 'db_max_rows':
      if (value === '') settings.maxRows = null;
      else if (/^\d{1,9}$/.test(value)) settings.maxRows = Number(value);
      return;
    case 'db_tx_end':
      if ((TX_ENDS as string[]).includes(value)) settings.txEnd = value as TxEnd;
      return;
    case 'db_schemas':
      if (list(value).length) settings.schemas = list(value);
      return;
    case 'db_extra_search_path':
      settings.extraSearchPath = list(value);
      return;
  }
}

/** The settings now in force: config.toml's, with the database's over them. */
export async function loadSettings(db: Database, options: RestOptions): Promise<RestSettings> {
  const settings = withDefaults({ ...options, schemas: [...options.schemas] });
  try {
    const { rows } = await db.query<{ key: string; value: string }>(DB_CONFIG_SQL);
    for (const { key, value } of rows) apply(settings, key, value);
  } catch (error) {
    logError('rest', 'could not read the in-database configuration', error);
  }
  return settings;
}
