// Realtime on the stack's own HTTP server: /realtime/v1/websocket speaks the Phoenix channel
// protocol of @supabase/realtime-js. postgres_changes are captured in the writing transaction
// (capture.sql) and each subscriber gets a change only if its own token may select the row (RLS).
// Public broadcast and presence are relayed in memory; private channels are refused.
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import { API_ROLES, verifyToken, type ServerContext } from '../context.ts';
import { JwtError, type Claims } from '../auth/jwt.ts';
import { Capture, type Change, type ChangeType, type TableInfo } from './capture.ts';
import { FilterError, matchesFilter, parseFilter, type Filter } from './filters.ts';
import { decodeBinary, decodeText, encodeBroadcastBinary, encodeText, ProtocolError, type Message, type Vsn } from './protocol.ts';

export const REALTIME_PATH = '/realtime/v1/websocket';

export interface RealtimeOptions {
  /** A socket whose unsent data passes this is dropped (a slow or dead client). Bytes. */
  maxBufferedBytes?: number;
  maxChannelsPerSocket?: number;
  /** A socket that sends nothing (not even a heartbeat) for this long is dropped. ms. */
  idleTimeoutMs?: number;
  /** Publication polling when the database allows no event trigger. ms. */
  pollMs?: number;
}

export interface RealtimeServer {
  /** Resolves once change capture is installed; joins wait for it. */
  readonly ready: Promise<void>;
  /** Open sockets. */
  readonly connections: number;
  close(): Promise<void>;
}

interface Caller {
  role: string;
  claims: Claims;
  token: string;
  /** Subscribers with the same key share one RLS check. */
  key: string;
}

interface Binding {
  id: number;
  event: '*' | ChangeType;
  schema: string;
  table: string | null;
  filter?: Filter;
  channel: Channel;
}

interface Channel {
  conn: Conn;
  topic: string;
  subTopic: string;
  joinRef: string | null;
  caller: Caller;
  bindings: Binding[];
  broadcastSelf: boolean;
  broadcastAck: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
  /** The id presence uses for this channel's own metas. */
  uid: string;
  expiredNotified: boolean;
  closed: boolean;
}

interface Conn {
  ws: WebSocket;
  vsn: Vsn;
  apikey: string;
  channels: Map<string, Channel>;
  chain: Promise<void>;
  pending: number;
  lastSeen: number;
  malformed: number;
}

const MAX_PENDING = 500;
const MAX_MALFORMED = 50;
const EVENTS = new Set(['*', 'INSERT', 'UPDATE', 'DELETE']);

function claimsKey(role: string, claims: Claims): string {
  // iat/exp differ between two tokens of one session; RLS never depends on them in practice.
  const { iat: _iat, exp: _exp, ...rest } = claims;
  return role + '\u0000' + JSON.stringify(rest, Object.keys(rest).sort());
}

function jwtReason(error: unknown): string {
  if (error instanceof JwtError) {
    const code = error.reason === 'expired' ? 'InvalidJWTToken' : error.reason === 'bad_signature' ? 'JwtSignatureError' : 'MalformedJWT';
    return `${code}: ${error.message}`;
  }
  return `MalformedJWT: ${error instanceof Error ? error.message : String(error)}`;
}

function asRecord(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

export function attachRealtime(server: Server, ctx: ServerContext, options: RealtimeOptions = {}): RealtimeServer {
  const maxBuffered = options.maxBufferedBytes ?? 4 * 1024 * 1024;
  const maxChannels = options.maxChannelsPerSocket ?? 100;
  const idleTimeout = options.idleTimeoutMs ?? 60_000;

  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024, perMessageDeflate: false });
  const conns = new Set<Conn>();
  /** `schema.table`, `schema.*` or `*.*` -> bindings. */
  const index = new Map<string, Set<Binding>>();
  /** topic -> joined channels, for broadcast and presence. */
  const topics = new Map<string, Set<Channel>>();
  /** topic -> presence key -> channel uid -> meta. */
  const presence = new Map<string, Map<string, Map<string, Record<string, unknown>>>>();
  let nextBindingId = 1;
  let closing = false;

  const capture = new Capture(ctx.db, (changes) => deliver(changes), { pollMs: options.pollMs });
  const ready = capture.start();
  ready.catch((error) => console.error('[realtime] could not install change capture', error));

  // ---- sending -------------------------------------------------------------------------------

  function send(conn: Conn, data: string | Buffer): void {
    if (conn.ws.readyState !== WebSocket.OPEN) return;
    conn.ws.send(data);
    // A client that does not read lets this grow; past the bound it is cut off, not waited for.
    if (conn.ws.bufferedAmount > maxBuffered) conn.ws.terminate();
  }

  function push(conn: Conn, joinRef: string | null, ref: string | null, topic: string, event: string, payload: unknown): void {
    send(conn, encodeText(conn.vsn, joinRef, ref, topic, event, JSON.stringify(payload)));
  }

  function reply(conn: Conn, msg: Pick<Message, 'joinRef' | 'ref' | 'topic'>, status: 'ok' | 'error', response: unknown): void {
    push(conn, msg.joinRef, msg.ref, msg.topic, 'phx_reply', { status, response });
  }

  function system(ch: Channel, extension: string, status: 'ok' | 'error', message: string): void {
    push(ch.conn, ch.joinRef, null, ch.topic, 'system', { extension, status, message, channel: ch.subTopic });
  }

  // ---- channels ------------------------------------------------------------------------------

  function indexKey(b: Pick<Binding, 'schema' | 'table'>): string {
    return `${b.schema}.${b.table ?? '*'}`;
  }

  function closeChannel(ch: Channel): void {
    if (ch.closed) return;
    ch.closed = true;
    if (ch.conn.channels.get(ch.topic) === ch) ch.conn.channels.delete(ch.topic);
    for (const b of ch.bindings) {
      const set = index.get(indexKey(b));
      set?.delete(b);
      if (set && set.size === 0) index.delete(indexKey(b));
    }
    const members = topics.get(ch.topic);
    members?.delete(ch);
    if (members && members.size === 0) topics.delete(ch.topic);
    untrack(ch);
  }

  async function resolveCaller(conn: Conn, token: unknown): Promise<Caller> {
    const t = typeof token === 'string' && token && !token.startsWith('sb_') ? token : conn.apikey;
    const claims = await verifyToken(ctx, t);
    return { role: claims.role, claims, token: t, key: claimsKey(claims.role, claims) };
  }

  function unknownTableReason(spec: Record<string, unknown>): string {
    return `Unable to subscribe to changes with given parameters. Please check Realtime is enabled for the given connect parameters: [event: ${String(spec.event)}, schema: ${String(spec.schema)}, table: ${String(spec.table ?? '*')}, filters: [${spec.filter ? String(spec.filter) : ''}]]`;
  }

  /** Validates the postgres_changes bindings of a join; throws a reason for the error reply. */
  async function parseBindings(specs: unknown): Promise<Omit<Binding, 'id' | 'channel'>[]> {
    if (specs === undefined || specs === null) return [];
    if (!Array.isArray(specs)) throw new Error('postgres_changes must be a list');
    if (specs.length > 100) throw new Error('Too many postgres_changes bindings (at most 100)');
    let reloaded = false;
    const out: Omit<Binding, 'id' | 'channel'>[] = [];
    for (const raw of specs) {
      if (raw === null || raw === undefined) continue;
      const spec = asRecord(raw);
      const event = typeof spec.event === 'string' ? spec.event.toUpperCase() : '';
      if (!EVENTS.has(event)) throw new Error(`invalid postgres_changes event "${String(spec.event)}": use *, INSERT, UPDATE or DELETE`);
      if (typeof spec.schema !== 'string' || !spec.schema) throw new Error('postgres_changes needs a schema');
      if (spec.table !== undefined && spec.table !== null && typeof spec.table !== 'string') throw new Error('postgres_changes table must be a string');
      if (spec.filter !== undefined && spec.filter !== null && typeof spec.filter !== 'string') throw new Error('postgres_changes filter must be a string');
      const schema = spec.schema;
      const table = typeof spec.table === 'string' && spec.table !== '*' && spec.table !== '' ? spec.table : null;
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
      if (typeof spec.filter === 'string' && spec.filter !== '') {
        if (typeof info !== 'object') throw new Error(`invalid filter "${spec.filter}": a filter needs a table`);
        try {
          filter = parseFilter(spec.filter, info.types);
        } catch (error) {
          throw new Error(error instanceof FilterError ? error.message : String(error));
        }
      }
      out.push({ event: event as Binding['event'], schema, table, filter });
    }
    return out;
  }

  async function join(conn: Conn, msg: Message): Promise<void> {
    const topic = msg.topic;
    if (!topic.startsWith('realtime:')) return reply(conn, msg, 'error', { reason: 'unmatched topic' });
    const subTopic = topic.slice('realtime:'.length);
    if (!subTopic) return reply(conn, msg, 'error', { reason: 'TopicNameRequired: You must provide a topic name' });
    const payload = asRecord(msg.payload);
    const config = asRecord(payload.config);

    try {
      await ready;
    } catch {
      return reply(conn, msg, 'error', { reason: 'Realtime was unable to connect to the project database' });
    }

    let caller: Caller;
    try {
      caller = await resolveCaller(conn, payload.access_token ?? payload.user_token);
    } catch (error) {
      return reply(conn, msg, 'error', { reason: jwtReason(error) });
    }
    if (config.private === true && caller.role !== 'service_role') {
      return reply(conn, msg, 'error', { reason: `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}` });
    }

    let specs: Omit<Binding, 'id' | 'channel'>[];
    try {
      specs = await parseBindings(config.postgres_changes);
    } catch (error) {
      return reply(conn, msg, 'error', { reason: error instanceof Error ? error.message : String(error) });
    }
    if (conn.ws.readyState !== WebSocket.OPEN || closing) return;

    // Joining a topic again replaces the earlier channel, as Phoenix does.
    const previous = conn.channels.get(topic);
    if (previous) {
      closeChannel(previous);
      push(conn, previous.joinRef, null, topic, 'phx_close', {});
    }
    if (conn.channels.size >= maxChannels) {
      return reply(conn, msg, 'error', { reason: 'ChannelRateLimitReached: Too many channels' });
    }

    const broadcast = asRecord(config.broadcast);
    const presenceConfig = asRecord(config.presence);
    const ch: Channel = {
      conn,
      topic,
      subTopic,
      joinRef: msg.joinRef ?? msg.ref,
      caller,
      bindings: [],
      broadcastSelf: broadcast.self === true,
      broadcastAck: broadcast.ack === true,
      presenceKey: typeof presenceConfig.key === 'string' && presenceConfig.key ? presenceConfig.key : randomUUID(),
      presenceEnabled: presenceConfig.enabled === true,
      uid: randomUUID(),
      expiredNotified: false,
      closed: false,
    };
    ch.bindings = specs.map((s) => ({ ...s, id: nextBindingId++, channel: ch }));
    conn.channels.set(topic, ch);
    for (const b of ch.bindings) {
      const key = indexKey(b);
      let set = index.get(key);
      if (!set) index.set(key, (set = new Set()));
      set.add(b);
    }
    let members = topics.get(topic);
    if (!members) topics.set(topic, (members = new Set()));
    members.add(ch);

    // The client matches the echoed bindings to its own by position and by value.
    const rawSpecs = (config.postgres_changes as unknown[] | undefined)?.filter((s) => s !== null && s !== undefined) ?? [];
    const echoed = ch.bindings.map((b, i) => ({ ...asRecord(rawSpecs[i]), id: b.id }));
    reply(conn, msg, 'ok', { postgres_changes: echoed });
    if (ch.bindings.length) system(ch, 'postgres_changes', 'ok', 'Subscribed to PostgreSQL');
    if (ch.presenceEnabled) push(conn, ch.joinRef, null, topic, 'presence_state', presenceState(topic));
  }

  async function accessToken(ch: Channel, payload: Record<string, unknown>): Promise<void> {
    const token = payload.access_token;
    if (typeof token !== 'string' || !token || token.startsWith('sb_') || token === ch.caller.token) return;
    try {
      const caller = await resolveCaller(ch.conn, token);
      if (ch.closed) return;
      ch.caller = caller;
      ch.expiredNotified = false;
    } catch (error) {
      if (ch.closed) return;
      // Hosted realtime shuts the channel down on a bad token.
      system(ch, 'system', 'error', jwtReason(error));
      closeChannel(ch);
      push(ch.conn, ch.joinRef, null, ch.topic, 'phx_close', {});
    }
  }

  // ---- broadcast and presence (public channels, in memory) ---------------------------------------

  function broadcastMessage(ch: Channel, msg: Message): void {
    const payload = asRecord(msg.payload);
    const event = typeof payload.event === 'string' ? payload.event : '';
    if (!event) {
      if (msg.ref) reply(ch.conn, msg, 'error', { reason: 'broadcast needs an event' });
      return;
    }
    const { type: _t, event: _e, payload: body, ...meta } = payload;
    let binary: Buffer | undefined | null = null;
    let jsonText: string | null = null;
    for (const other of topics.get(ch.topic) ?? []) {
      if (other === ch && !ch.broadcastSelf) continue;
      if (other.conn.vsn === '2.0.0') {
        if (binary === null) binary = encodeBroadcastBinary(ch.topic, event, body, meta);
        if (binary) {
          send(other.conn, binary);
          continue;
        }
      }
      jsonText ??= JSON.stringify({ type: 'broadcast', event, payload: body instanceof Uint8Array ? {} : (body ?? {}) });
      send(other.conn, encodeText(other.conn.vsn, other.joinRef, null, ch.topic, 'broadcast', jsonText));
    }
    if (ch.broadcastAck && msg.ref) reply(ch.conn, msg, 'ok', {});
  }

  function presenceState(topic: string): Record<string, { metas: Record<string, unknown>[] }> {
    const state: Record<string, { metas: Record<string, unknown>[] }> = {};
    for (const [key, metas] of presence.get(topic) ?? []) state[key] = { metas: [...metas.values()] };
    return state;
  }

  function presenceDiff(topic: string, joins: Record<string, unknown>, leaves: Record<string, unknown>): void {
    for (const other of topics.get(topic) ?? []) {
      if (other.presenceEnabled) push(other.conn, other.joinRef, null, topic, 'presence_diff', { joins, leaves });
    }
  }

  function untrack(ch: Channel): void {
    const byKey = presence.get(ch.topic);
    const metas = byKey?.get(ch.presenceKey);
    const meta = metas?.get(ch.uid);
    if (!byKey || !metas || !meta) return;
    metas.delete(ch.uid);
    if (metas.size === 0) byKey.delete(ch.presenceKey);
    if (byKey.size === 0) presence.delete(ch.topic);
    presenceDiff(ch.topic, {}, { [ch.presenceKey]: { metas: [meta] } });
  }

  function presenceMessage(ch: Channel, msg: Message): void {
    const payload = asRecord(msg.payload);
    if (payload.event === 'track') {
      const body = payload.payload;
      if (!body || typeof body !== 'object' || Array.isArray(body)) {
        return reply(ch.conn, msg, 'error', { reason: 'Presence track payload must be a map' });
      }
      if (JSON.stringify(body).length > 10_000) return reply(ch.conn, msg, 'error', { reason: 'Track message size exceeded' });
      ch.presenceEnabled = true;
      untrack(ch);
      const meta = { ...(body as Record<string, unknown>), phx_ref: randomUUID() };
      let byKey = presence.get(ch.topic);
      if (!byKey) presence.set(ch.topic, (byKey = new Map()));
      let metas = byKey.get(ch.presenceKey);
      if (!metas) byKey.set(ch.presenceKey, (metas = new Map()));
      metas.set(ch.uid, meta);
      presenceDiff(ch.topic, { [ch.presenceKey]: { metas: [meta] } }, {});
      return reply(ch.conn, msg, 'ok', {});
    }
    if (payload.event === 'untrack') {
      untrack(ch);
      return reply(ch.conn, msg, 'ok', {});
    }
    reply(ch.conn, msg, 'error', { reason: `unknown presence event "${String(payload.event)}"` });
  }

  // ---- postgres_changes ------------------------------------------------------------------------

  function pkKey(info: TableInfo, record: Record<string, unknown> | null): string {
    return JSON.stringify(info.pk.map((c) => record?.[c] ?? null));
  }

  function expired(ch: Channel, nowSeconds: number): boolean {
    const exp = ch.caller.claims.exp;
    if (typeof exp !== 'number' || exp > nowSeconds) return false;
    if (!ch.expiredNotified) {
      ch.expiredNotified = true;
      system(ch, 'system', 'error', `InvalidJWTToken: Token has expired ${Math.max(0, Math.round(nowSeconds - exp))} seconds ago`);
    }
    return true;
  }

  interface Delivery {
    change: Change;
    info: TableInfo;
    targets: Map<Channel, number[]>;
  }

  async function deliver(changes: Change[]): Promise<void> {
    if (index.size === 0) return;
    const now = Date.now() / 1000;
    const deliveries: Delivery[] = [];
    let reloaded = false;
    for (const change of changes) {
      const key = `${change.schema}.${change.table}`;
      let info = capture.tables.get(key);
      const record = change.record ?? change.old_record;
      // A column was added or dropped and no DDL event told us: read the catalog again.
      if (info && record && Object.keys(record).length !== info.columns.length && change.type !== 'DELETE' && !reloaded) {
        reloaded = true;
        await capture.reload();
        info = capture.tables.get(key);
      }
      if (!info) continue;
      // With RLS nobody can be asked whether they could see a deleted row: only its key goes out.
      if (change.type !== 'INSERT' && change.old_record && (info.rls || !info.replicaFull)) {
        change.old_record = Object.fromEntries(info.pk.filter((c) => c in change.old_record!).map((c) => [c, change.old_record![c]]));
      }
      const filterRecord = change.type === 'DELETE' ? change.old_record : change.record;
      const targets = new Map<Channel, number[]>();
      for (const k of [key, `${change.schema}.*`, '*.*']) {
        for (const b of index.get(k) ?? []) {
          if (b.event !== '*' && b.event !== change.type) continue;
          if (b.filter && !matchesFilter(b.filter, filterRecord, info.types.get(b.filter.column))) continue;
          const ch = b.channel;
          if (ch.closed || expired(ch, now)) continue;
          const ids = targets.get(ch);
          if (ids) ids.push(b.id);
          else targets.set(ch, [b.id]);
        }
      }
      if (targets.size) deliveries.push({ change, info, targets });
    }
    if (!deliveries.length) return;

    // RLS: one call per table for the whole batch, every distinct caller checked inside it.
    const checks = new Map<TableInfo, { rows: Map<string, Record<string, unknown>>; claims: Map<string, Record<string, unknown>> }>();
    for (const d of deliveries) {
      if (d.change.type === 'DELETE' || !d.info.pk.length) continue;
      for (const ch of d.targets.keys()) {
        if (d.info.openTo.has(ch.caller.role)) continue;
        let check = checks.get(d.info);
        if (!check) checks.set(d.info, (check = { rows: new Map(), claims: new Map() }));
        const k = pkKey(d.info, d.change.record);
        if (!check.rows.has(k)) check.rows.set(k, Object.fromEntries(d.info.pk.map((c) => [c, d.change.record?.[c] ?? null])));
        if (!check.claims.has(ch.caller.key)) check.claims.set(ch.caller.key, { ...ch.caller.claims, role: ch.caller.role });
      }
    }
    const visible = new Map<TableInfo, Map<string, Set<string>>>();
    for (const [info, check] of checks) {
      const claimKeys = [...check.claims.keys()];
      let sets: Set<string>[];
      try {
        sets = await capture.visibleKeys(info, [...check.rows.values()], [...check.claims.values()]);
      } catch (error) {
        console.error('[realtime] RLS check failed; withholding changes', error);
        sets = claimKeys.map(() => new Set());
      }
      visible.set(info, new Map(claimKeys.map((k, i) => [k, sets[i]!])));
    }

    for (const d of deliveries) {
      const { change, info } = d;
      const data: Record<string, unknown> = {
        schema: change.schema,
        table: change.table,
        commit_timestamp: change.commit_timestamp,
        type: change.type,
        columns: info.columns,
      };
      if (change.type !== 'DELETE') data.record = change.record;
      if (change.type !== 'INSERT') data.old_record = change.old_record ?? {};
      data.errors = null;
      const dataJson = JSON.stringify(data);
      const rowKey = change.type === 'DELETE' ? '' : pkKey(info, change.record);
      for (const [ch, ids] of d.targets) {
        if (ch.closed) continue;
        if (change.type !== 'DELETE' && !info.openTo.has(ch.caller.role)) {
          // Without a primary key a row cannot be looked up: deliver only where RLS is off.
          if (!info.pk.length ? info.rls : !visible.get(info)?.get(ch.caller.key)?.has(rowKey)) continue;
        }
        send(ch.conn, encodeText(ch.conn.vsn, ch.joinRef, null, ch.topic, 'postgres_changes', `{"ids":${JSON.stringify(ids)},"data":${dataJson}}`));
      }
    }
  }

  // ---- sockets ---------------------------------------------------------------------------------

  async function handle(conn: Conn, msg: Message): Promise<void> {
    if (msg.topic === 'phoenix') {
      if (msg.event === 'heartbeat') return reply(conn, msg, 'ok', {});
      return reply(conn, msg, 'error', { reason: `unknown event "${msg.event}"` });
    }
    if (msg.event === 'phx_join') return join(conn, msg);
    const ch = conn.channels.get(msg.topic);
    if (!ch || (msg.joinRef && ch.joinRef && msg.joinRef !== ch.joinRef)) {
      return reply(conn, msg, 'error', { reason: 'unmatched topic' });
    }
    const payload = asRecord(msg.payload);
    switch (msg.event) {
      case 'phx_leave':
        closeChannel(ch);
        reply(conn, msg, 'ok', {});
        push(conn, ch.joinRef, null, ch.topic, 'phx_close', {});
        return;
      case 'access_token':
        return accessToken(ch, payload);
      case 'broadcast':
        return broadcastMessage(ch, msg);
      case 'presence':
        return presenceMessage(ch, msg);
      default:
        return reply(conn, msg, 'error', { reason: `unknown event "${msg.event}"` });
    }
  }

  function onFrame(conn: Conn, data: RawData, isBinary: boolean): void {
    conn.lastSeen = Date.now();
    let msg: Message;
    try {
      const buf = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      msg = isBinary ? decodeBinary(buf) : decodeText(buf.toString('utf8'), conn.vsn);
    } catch (error) {
      const reason = error instanceof ProtocolError ? error.message : 'malformed message';
      const partial = error instanceof ProtocolError ? error.partial : {};
      if (partial.topic) reply(conn, { joinRef: partial.joinRef ?? null, ref: partial.ref ?? null, topic: partial.topic }, 'error', { reason });
      else push(conn, null, partial.ref ?? null, 'phoenix', 'phx_error', { reason });
      if (++conn.malformed > MAX_MALFORMED) conn.ws.close(1008, 'too many malformed messages');
      return;
    }
    if (conn.pending >= MAX_PENDING) {
      conn.ws.close(1008, 'too many messages in flight');
      return;
    }
    // One message at a time per socket: a join finishes before the next frame for it is read.
    conn.pending++;
    conn.chain = conn.chain
      .then(() => handle(conn, msg))
      .catch((error) => {
        console.error('[realtime] message failed', error);
        if (msg.ref) reply(conn, msg, 'error', { reason: 'Unknown Error on Channel' });
      })
      .finally(() => {
        conn.pending--;
      });
  }

  function onConnection(ws: WebSocket, vsn: Vsn, apikey: string): void {
    const conn: Conn = { ws, vsn, apikey, channels: new Map(), chain: Promise.resolve(), pending: 0, lastSeen: Date.now(), malformed: 0 };
    conns.add(conn);
    ws.on('message', (data, isBinary) => onFrame(conn, data, isBinary));
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      conns.delete(conn);
      for (const ch of [...conn.channels.values()]) closeChannel(ch);
    });
  }

  function refuse(socket: Duplex, status: number, message: string): void {
    const body = JSON.stringify({ message });
    const text = status === 403 ? 'Forbidden' : status === 503 ? 'Service Unavailable' : 'Bad Request';
    socket.end(
      `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }

  function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://localhost');
    } catch {
      return;
    }
    if (url.pathname !== REALTIME_PATH && url.pathname !== `${REALTIME_PATH}/`) return;
    socket.on('error', () => socket.destroy());
    if (closing) return refuse(socket, 503, 'Realtime is restarting, please standby');
    // Phoenix's default without vsn is the 1.0.0 JSON object serializer.
    const vsn = url.searchParams.get('vsn') ?? '1.0.0';
    if (vsn !== '1.0.0' && vsn !== '2.0.0') return refuse(socket, 400, `Unsupported serializer version: ${vsn}`);
    const header = req.headers.apikey;
    const apikey = url.searchParams.get('apikey') ?? (Array.isArray(header) ? header[0] : header) ?? '';
    ctx.keys.jwt.verify(apikey).then(
      (claims) => {
        if (!API_ROLES.has(claims.role)) return refuse(socket, 403, 'Invalid API key');
        if (closing) return refuse(socket, 503, 'Realtime is restarting, please standby');
        wss.handleUpgrade(req, socket, head, (ws) => onConnection(ws, vsn, apikey));
      },
      (error) => refuse(socket, 403, error instanceof Error ? error.message : 'Invalid API key'),
    );
  }

  server.on('upgrade', onUpgrade);

  // Dead clients that never close: no frame (not even a heartbeat, every 25 s) for idleTimeout.
  const sweep = setInterval(() => {
    const cutoff = Date.now() - idleTimeout;
    for (const conn of conns) if (conn.lastSeen < cutoff) conn.ws.terminate();
  }, Math.min(15_000, idleTimeout));
  sweep.unref();

  return {
    ready,
    get connections() {
      return conns.size;
    },
    async close() {
      if (closing) return;
      closing = true;
      server.off('upgrade', onUpgrade);
      clearInterval(sweep);
      const open = [...conns];
      for (const conn of open) conn.ws.close(1001, 'server shutting down');
      await new Promise<void>((resolve) => {
        const deadline = setTimeout(resolve, 500);
        const check = () => {
          if (conns.size === 0) {
            clearTimeout(deadline);
            resolve();
          } else setTimeout(check, 10);
        };
        check();
      });
      for (const conn of conns) conn.ws.terminate();
      wss.close();
      await ready.catch(() => {});
      await capture.close();
    },
  };
}
