// supabase/config.toml as the Supabase CLI reads it (supabase/cli pkg/config): the `.env` files of
// the supabase folder and the folders above it up to the project's root, `SUPABASE_<SECTION>_<KEY>`
// environment variables over the keys the file has (viper's AutomaticEnv), and `env(NAME)` in any
// string value replaced by that variable when it is set (LoadEnvHook; left as written when it is not).
import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { parse } from 'smol-toml';

type TomlValue = string | number | boolean | TomlValue[] | TomlTable | Date;
export interface TomlTable {
  [key: string]: TomlValue;
}

const ENV_REF = /^env\((.*)\)$/;

/**
 * The variables the CLI sees: the process's, then each folder's `.env.<SUPABASE_ENV>.local`,
 * `.env.local` (not for the test environment), `.env.<SUPABASE_ENV>` and `.env`, from the supabase
 * folder up to the project's root. As godotenv does, a file never replaces a variable already set.
 */
export function cliEnvironment(supabaseDir: string, root: string, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const merged: NodeJS.ProcessEnv = { ...env };
  const name = env.SUPABASE_ENV || 'development';
  const files = [`.env.${name}.local`, ...(name === 'test' ? [] : ['.env.local']), `.env.${name}`, '.env'];
  const top = resolve(root);
  let dir = resolve(supabaseDir);
  for (;;) {
    for (const file of files) {
      let text: string;
      try {
        text = readFileSync(join(dir, file), 'utf8');
      } catch {
        continue;
      }
      for (const [key, value] of Object.entries(parseEnv(text))) if (merged[key] === undefined) merged[key] = value;
    }
    if (dir === top || relative(top, dir).startsWith('..') || dirname(dir) === dir) break;
    dir = dirname(dir);
  }
  return merged;
}

/** A `SUPABASE_...` variable's text in the type of the value it replaces, as viper converts it. */
function fromEnvText(text: string, like: TomlValue): TomlValue {
  if (typeof like === 'boolean') return /^(1|t|true)$/i.test(text.trim());
  if (typeof like === 'number') return Number.isFinite(Number(text)) ? Number(text) : like;
  if (Array.isArray(like)) return text === '' ? [] : text.split(',');
  return text;
}

function substitute(value: TomlValue, path: string[], env: NodeJS.ProcessEnv): TomlValue {
  if (typeof value === 'string') {
    const ref = ENV_REF.exec(value);
    return ref && env[ref[1]!] ? env[ref[1]!]! : value;
  }
  if (Array.isArray(value)) return value.map((item) => substitute(item, path, env));
  if (value instanceof Date || typeof value !== 'object') return value;
  const table: TomlTable = {};
  for (const [key, item] of Object.entries(value)) {
    const override = env[['SUPABASE', ...path, key].join('_').toUpperCase()];
    const given = override !== undefined && !isTable(item) ? fromEnvText(override, item) : item;
    table[key] = substitute(given, [...path, key], env);
  }
  return table;
}

const isTable = (value: unknown): value is TomlTable =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** config.toml with the CLI's substitutions applied, or {} when there is none. */
export function readSupabaseConfig(supabaseDir: string, root: string, env: NodeJS.ProcessEnv): TomlTable {
  let text: string;
  try {
    text = readFileSync(join(supabaseDir, 'config.toml'), 'utf8');
  } catch {
    return {};
  }
  return substitute(parse(text) as TomlTable, [], cliEnvironment(supabaseDir, root, env)) as TomlTable;
}

/** The variable an `env(NAME)` left in place names: set nowhere, as the CLI warns. */
export function unsetEnvReference(value: unknown): string | undefined {
  return typeof value === 'string' ? ENV_REF.exec(value)?.[1] : undefined;
}
