// Auth's request bodies: parsed as JSON without letting a hostile body through, then checked with a
// zod schema per endpoint, so a handler only sees the fields and types it expects.
import type { Context } from 'hono';
import { z } from 'zod';
import { JsonBodyError, isObject, parseJson } from '../shared/http.ts';
import { AuthApiError, type AuthErrorCode } from './errors.ts';

/** Control and format characters (NUL, bidi overrides...) are never part of an address. */
const email = z
  .string()
  .max(254)
  .regex(/^[^\p{Cc}\p{Cf}]*$/u);
/**
 * User and app metadata ride in every access token, and the token in every request's Authorization
 * header, base64url-encoded (4/3 of its size). Node refuses request headers over 16 KB in all, so
 * 8 KB of JSON (about 11 KB of header, with the apikey and the rest of the token) keeps a user at the
 * cap able to call the Data API.
 */
export const MAX_METADATA_BYTES = 8 * 1024;
const METADATA_TOO_LARGE = `Metadata must be at most ${MAX_METADATA_BYTES / 1024} KB of JSON.`;
const fitsMetadata = (value: unknown) => Buffer.byteLength(JSON.stringify(value)) <= MAX_METADATA_BYTES;

/** NUL and lone surrogates: JSON carries them, Postgres's jsonb (and so auth.users) cannot. */
// eslint-disable-next-line no-control-regex -- NUL is what this looks for
const UNSTORABLE = /[\u0000\p{Cs}]/u;
// The sign-up form's own words for its fields (supabase/schemas/errors.sql, src/lib/text-rules.ts).
const FORM_MESSAGES: Record<string, string> = {
  username: 'Username cannot contain invisible characters.',
  game_id: 'Invalid game ID format. Must be 9 characters with optional #.',
};
const UNSTORABLE_MESSAGE = 'Text cannot contain NUL characters or unpaired surrogates.';

/** The first key (top level) under which a string, or a key, holds what the database cannot store. */
function unstorableField(value: unknown, key = ''): string | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? key : undefined;
  if (Array.isArray(value)) {
    for (const item of value) {
      const found = unstorableField(item, key);
      if (found !== undefined) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [name, item] of Object.entries(value)) {
      if (UNSTORABLE.test(name)) return key || name;
      const found = unstorableField(item, key || name);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

// Before, such metadata reached the database and the sign-up answered 500 "Database error saving
// new user"; now 400 with the form's message.
const metadata = z
  .record(z.string(), z.unknown())
  .refine(fitsMetadata, { message: METADATA_TOO_LARGE })
  .superRefine((value, ctx) => {
    const field = unstorableField(value);
    if (field !== undefined)
      ctx.addIssue({ code: 'custom', message: FORM_MESSAGES[field] ?? UNSTORABLE_MESSAGE, params: { plain: true } });
  });

/**
 * Metadata updates are merged into what the user has (as GoTrue does), so the cap holds for the
 * merged result too: many small updates cannot grow a token past it.
 */
export function checkMergedMetadata(
  field: string,
  current: Record<string, unknown> | null | undefined,
  update: Record<string, unknown> | undefined,
): void {
  if (update && !fitsMetadata({ ...(current ?? {}), ...update }))
    throw new AuthApiError('validation_failed', `${field}: ${METADATA_TOO_LARGE}`);
}

export const signupBody = z.object({
  email: email.optional(),
  password: z.unknown().optional(),
  data: metadata.optional(),
});
export const passwordGrantBody = z.object({ email: email.optional(), password: z.string().optional() });
export const refreshGrantBody = z.object({ refresh_token: z.string().optional() });
export const pkceGrantBody = z.object({
  auth_code: z.string().max(256).optional(),
  code_verifier: z.string().max(256).optional(),
});
export const updateUserBody = z.object({
  email: email.optional(),
  password: z.unknown().optional(),
  data: metadata.optional(),
});
export const recoverBody = z.object({ email: email.optional() });
export const verifyBody = z.object({
  type: z.string().optional(),
  token: z.string().optional(),
  token_hash: z.string().optional(),
});
export const adminCreateUserBody = z.object({
  email: email.optional(),
  password: z.unknown().optional(),
  user_metadata: metadata.optional(),
  app_metadata: metadata.optional(),
});
export const adminUpdateUserBody = z.object({
  password: z.unknown().optional(),
  user_metadata: metadata.optional(),
  app_metadata: metadata.optional(),
});

/** A field that fails its schema answers with the code GoTrue gives that field. */
const FIELD_CODES: Record<string, AuthErrorCode> = { email: 'email_address_invalid' };

export async function readBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const text = await c.req.text();
  let body: unknown = {};
  if (text.trim()) {
    try {
      body = parseJson(text);
    } catch (error) {
      if (error instanceof JsonBodyError && error.reason === 'too_deep') {
        throw new AuthApiError('bad_json', 'Could not parse request body as JSON: it is nested too deeply');
      }
      throw new AuthApiError('bad_json');
    }
  }
  if (!isObject(body)) throw new AuthApiError('bad_json', 'Could not parse request body as JSON: expected an object');
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = String(issue.path[0] ?? '');
  const code = FIELD_CODES[field];
  if (code) throw new AuthApiError(code);
  if (issue.code === 'custom' && (issue.params as { plain?: boolean } | undefined)?.plain)
    throw new AuthApiError('validation_failed', issue.message);
  throw new AuthApiError('validation_failed', `${field ? `${field}: ` : ''}${issue.message}`);
}
