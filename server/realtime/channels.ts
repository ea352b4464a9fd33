// A channel's life on a socket: phx_join (token, payload and postgres_changes bindings checked),
// access_token refreshes, phx_leave, and the close that frees everything the channel held.
import { randomUUID } from 'node:crypto';
import { WebSocket } from 'ws';
import { verifyToken, type ServerContext } from '../context.ts';
import { JwtError, type Claims } from '../auth/jwt.ts';
import type { Capture, TableInfo } from './capture.ts';
import { FilterError, parseFilter, type Filter } from './filters.ts';
import type { RealtimeLimits } from './limits.ts';
import {
  accessTokenPayload,
  describeIssues,
  joinPayload,
  type JoinPayload,
  type PostgresChangeSpec,
} from './payloads.ts';
import type { Presence } from './presence.ts';
import type { Message } from './protocol.ts';
import type { BindingSpec, Caller, Channel, ChannelRegistry, Conn } from './registry.ts';
import type { Writer } from './socket.ts';

export interface ChannelDeps {
  ctx: ServerContext;
  registry: ChannelRegistry;
  presence: Presence;
  capture: Capture;
  out: Writer;
  limits: Pick<RealtimeLimits, 'maxChannelsPerSocket' | 'maxBindingsPerChannel'>;
  /** Change capture installed; joins wait for it. */
  ready: Promise<void>;
  closing(): boolean;
}

function claimsKey(role: string, claims: Claims): string {
  // iat/exp differ between two tokens of one session; RLS never depends on them in practice.
  const { iat: _iat, exp: _exp, ...rest } = claims;
  return role + '\u0000' + JSON.stringify(rest, Object.keys(rest).sort());
}

export function jwtReason(error: unknown): string {
  if (error instanceof JwtError) {
    const code =
      error.reason === 'expired'
        ? 'InvalidJWTToken'
        : error.reason === 'bad_signature'
          ? 'JwtSignatureError'
          : 'MalformedJWT';
    return `${code}: ${error.message}`;
  }
  return `MalformedJWT: ${error instanceof Error ? error.message : String(error)}`;
}

const unknownTableReason = (spec: PostgresChangeSpec): string =>
  `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: ${spec.event}, schema: ${spec.schema}, table: ${spec.table ?? '*'}, filters: [${spec.filter ?? ''}]]`;

export function channelLifecycle({ ctx, registry, presence, capture, out, limits, ready, closing }: ChannelDeps) {
  async function resolveCaller(conn: Conn, token: string | null | undefined): Promise<Caller> {
    const t = token && !token.startsWith('sb_') ? token : conn.apikey;
    // verifyToken also refuses the token of a session that has ended (signed out, deleted user).
    const claims = await verifyToken(ctx, t);
    return { role: claims.role, claims, token: t, key: claimsKey(claims.role, claims) };
  }

  /** Checks the postgres_changes bindings of a join against the publication; throws the reason. */
  async function bindings(specs: PostgresChangeSpec[]): Promise<BindingSpec[]> {
    if (specs.length > limits.maxBindingsPerChannel)
      throw new Error(`Too many postgres_changes bindings (at most ${limits.maxBindingsPerChannel})`);
    let reloaded = false;
    const out: BindingSpec[] = [];
    for (const spec of specs) {
      const schema = spec.schema;
      const table = spec.table && spec.table !== '*' ? spec.table : null;
      const published = (): TableInfo | boolean =>
        table
          ? (capture.tables.get(`${schema}.${table}`) ?? false)
          : [...capture.tables.values()].some((t) => schema === '*' || t.schema === schema);
      let info = published();
      // A migration may have just added it (and there may be no event trigger to tell us).
      if (!info && !reloaded) {
        reloaded = true;
        await capture.refresh();
        info = published();
      }
      if (!info) throw new Error(unknownTableReason(spec));
      let filter: Filter | undefined;
      if (spec.filter) {
        if (typeof info !== 'object') throw new Error(`invalid filter "${spec.filter}": a filter needs a table`);
        try {
          filter = parseFilter(spec.filter, info.types);
        } catch (error) {
          throw new Error(error instanceof FilterError ? error.message : String(error));
        }
      }
      out.push({ event: spec.event, schema, table, filter });
    }
    return out;
  }

  /** Frees what the channel holds: its bindings, its membership and its presence. */
  function close(ch: Channel): void {
    if (ch.closed) return;
    ch.closed = true;
    registry.remove(ch);
    presence.untrack(ch);
  }

  async function join(conn: Conn, msg: Message): Promise<void> {
    const topic = msg.topic;
    if (!topic.startsWith('realtime:')) return out.reply(conn, msg, 'error', { reason: 'unmatched topic' });
    const subTopic = topic.slice('realtime:'.length);
    if (!subTopic) return out.reply(conn, msg, 'error', { reason: 'TopicNameRequired: You must provide a topic name' });
    const parsed = joinPayload.safeParse(msg.payload);
    if (!parsed.success)
      return out.reply(conn, msg, 'error', { reason: `InvalidJoinPayload: ${describeIssues(parsed.error)}` });
    const payload = parsed.data;
    const config: Partial<NonNullable<JoinPayload['config']>> = payload.config ?? {};

    try {
      await ready;
    } catch {
      return out.reply(conn, msg, 'error', { reason: 'Realtime was unable to connect to the project database' });
    }

    let caller: Caller;
    try {
      caller = await resolveCaller(conn, payload.access_token ?? payload.user_token);
    } catch (error) {
      return out.reply(conn, msg, 'error', { reason: jwtReason(error) });
    }
    if (config.private && caller.role !== 'service_role') {
      return out.reply(conn, msg, 'error', {
        reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`,
      });
    }

    const specs = config.postgres_changes ?? [];
    let bound: BindingSpec[];
    try {
      bound = await bindings(specs);
    } catch (error) {
      return out.reply(conn, msg, 'error', { reason: error instanceof Error ? error.message : String(error) });
    }
    if (conn.ws.readyState !== WebSocket.OPEN || closing()) return;

    // Joining a topic again replaces the earlier channel, as Phoenix does.
    const previous = conn.channels.get(topic);
    if (previous) {
      close(previous);
      out.close(previous);
    }
    if (conn.channels.size >= limits.maxChannelsPerSocket) {
      return out.reply(conn, msg, 'error', { reason: 'ChannelRateLimitReached: Too many channels' });
    }

    const presenceKey = config.presence?.key;
    const ch: Channel = {
      conn,
      topic,
      subTopic,
      joinRef: msg.joinRef ?? msg.ref,
      caller,
      bindings: [],
      broadcastSelf: config.broadcast?.self ?? false,
      broadcastAck: config.broadcast?.ack ?? false,
      presenceKey:
        presenceKey !== undefined && presenceKey !== null && presenceKey !== '' ? String(presenceKey) : randomUUID(),
      presenceEnabled: config.presence?.enabled ?? false,
      uid: randomUUID(),
      expiredNotified: false,
      closed: false,
    };
    registry.add(ch, bound);

    // The client matches the echoed bindings to its own by position and by value: echo them as sent.
    const sent = rawSpecs(msg.payload);
    const echoed = ch.bindings.map((b, i) => ({ ...sent[i], id: b.id }));
    out.reply(conn, msg, 'ok', { postgres_changes: echoed });
    if (ch.bindings.length) out.system(ch, 'postgres_changes', 'ok', 'Subscribed to PostgreSQL');
    if (ch.presenceEnabled) out.push(conn, ch.joinRef, null, topic, 'presence_state', presence.state(topic));
  }

  async function accessToken(ch: Channel, msg: Message): Promise<void> {
    const parsed = accessTokenPayload.safeParse(msg.payload);
    const token = parsed.success ? parsed.data.access_token : undefined;
    if (!token || token.startsWith('sb_') || token === ch.caller.token) return;
    try {
      const caller = await resolveCaller(ch.conn, token);
      if (ch.closed) return;
      ch.caller = caller;
      ch.expiredNotified = false;
    } catch (error) {
      if (ch.closed) return;
      // Hosted realtime shuts the channel down on a bad token.
      out.system(ch, 'system', 'error', jwtReason(error));
      close(ch);
      out.close(ch);
    }
  }

  function leave(ch: Channel, msg: Message): void {
    close(ch);
    out.reply(ch.conn, msg, 'ok', {});
    out.close(ch);
  }

  return { join, accessToken, leave, close };
}

/** The postgres_changes specs exactly as the client sent them (already validated by joinPayload). */
function rawSpecs(payload: unknown): Record<string, unknown>[] {
  const specs = (payload as { config?: { postgres_changes?: unknown[] | null } | null }).config?.postgres_changes ?? [];
  return specs.filter((s): s is Record<string, unknown> => s !== null && s !== undefined);
}
