// The payloads a client may send on a channel, parsed with zod at the edge the way supabase/realtime
// declares them (lib/realtime_web/channels/payloads/join.ex, config.ex, broadcast.ex, presence.ex):
// unknown fields are ignored, booleans may be "true"/"false" strings, a bad field is named in the reply.
import { z } from 'zod';
import { plainObject } from './protocol.ts';

/** realtime's FlexibleBoolean: true/false, or those words in any case. */
const flexibleBoolean = z.preprocess(
  (v) => (typeof v === 'string' && /^(true|false)$/i.test(v) ? v.toLowerCase() === 'true' : v),
  z.boolean({ error: 'unable to parse, expected boolean' }),
);
const string = z.string({ error: 'unable to parse, expected string' });
const map = <T extends z.ZodRawShape>(shape: T) => z.object(shape, { error: 'unable to parse, expected a map' });

export const POSTGRES_EVENTS = ['*', 'INSERT', 'UPDATE', 'DELETE'] as const;

const postgresChange = map({
  event: z.preprocess(
    (v) => (typeof v === 'string' ? v.toUpperCase() : v),
    z.enum(POSTGRES_EVENTS, {
      error: (issue) => `invalid postgres_changes event "${String(issue.input)}": use *, INSERT, UPDATE or DELETE`,
    }),
  ),
  schema: string.min(1, 'postgres_changes needs a schema'),
  table: string.nullish(),
  filter: string.nullish(),
});
export type PostgresChangeSpec = z.infer<typeof postgresChange>;

const config = map({
  broadcast: map({ ack: flexibleBoolean.default(false), self: flexibleBoolean.default(false) }).nullish(),
  presence: map({
    enabled: flexibleBoolean.default(false),
    // Phoenix.Presence tracks strings, numbers or booleans; the key is always sent back as a string.
    key: z.union([string, z.number(), z.boolean()], { error: 'unable to parse, expected a string' }).nullish(),
  }).nullish(),
  // realtime drops null entries before validating the list.
  postgres_changes: z
    .preprocess(
      (v) => (Array.isArray(v) ? v.filter((s) => s !== null && s !== undefined) : v),
      z.array(postgresChange, { error: 'unable to parse, expected an array of maps' }),
    )
    .nullish(),
  private: flexibleBoolean.default(false),
});

export const joinPayload = map({
  config: config.nullish(),
  access_token: string.nullish(),
  user_token: string.nullish(),
});
export type JoinPayload = z.infer<typeof joinPayload>;

export const accessTokenPayload = map({ access_token: string.nullish() });

/** A client broadcast; whatever else it carries (meta) is passed on to binary subscribers. */
export const broadcastPayload = z.looseObject({
  type: z.literal('broadcast').optional(),
  event: string.min(1, 'broadcast needs an event'),
  payload: z.unknown().optional(),
});

export const presencePayload = map({
  event: z.preprocess(
    (v) => (typeof v === 'string' ? v.toLowerCase() : v),
    z.enum(['track', 'untrack'], {
      error: (issue) => `unknown presence event "${String(issue.input)}"`,
    }),
  ),
  payload: z.unknown().optional(),
});

/** The track body itself. */
export const presenceMeta = plainObject('Presence track payload must be a map');

/** One readable line from a failed parse: each issue with its path, as realtime's changeset errors read. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}
