// The channel registry: which sockets are open, which channels each has joined, and the two indexes
// delivery reads (postgres_changes bindings by table, channel members by topic). Memory only; a
// channel removed here leaves nothing behind, which the limits test checks by these counts.
import type { WebSocket } from 'ws';
import type { Claims } from '../auth/jwt.ts';
import type { ChangeType } from './capture.ts';
import type { Filter } from './filters.ts';
import type { Vsn } from './protocol.ts';

export interface Caller {
  role: string;
  claims: Claims;
  token: string;
  /** Subscribers with the same key share one RLS check. */
  key: string;
}

export interface Binding {
  id: number;
  event: '*' | ChangeType;
  schema: string;
  table: string | null;
  filter?: Filter;
  channel: Channel;
}

export interface Channel {
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
  /** The id presence uses for this channel's own meta. */
  uid: string;
  expiredNotified: boolean;
  closed: boolean;
}

export interface Conn {
  ws: WebSocket;
  vsn: Vsn;
  apikey: string;
  /** The client address its socket counts against. */
  address: string;
  channels: Map<string, Channel>;
  /** Presences this socket tracks, over all its channels. */
  presences: number;
  chain: Promise<void>;
  pending: number;
  lastSeen: number;
  malformed: number;
}

export type BindingSpec = Omit<Binding, 'id' | 'channel'>;

/** The index key of a binding or a change: `schema.table`, `schema.*` or `*.*`. */
export const indexKey = (b: Pick<Binding, 'schema' | 'table'>): string => `${b.schema}.${b.table ?? '*'}`;

export class ChannelRegistry {
  readonly conns = new Set<Conn>();
  /** Index key -> bindings. */
  readonly index = new Map<string, Set<Binding>>();
  /** Topic -> joined channels, for broadcast and presence. */
  readonly topics = new Map<string, Set<Channel>>();
  private nextBindingId = 1;

  /** Registers a joined channel with its bindings (numbered here, as the join reply echoes them). */
  add(ch: Channel, specs: BindingSpec[]): void {
    ch.bindings = specs.map((s) => ({ ...s, id: this.nextBindingId++, channel: ch }));
    ch.conn.channels.set(ch.topic, ch);
    for (const b of ch.bindings) addTo(this.index, indexKey(b), b);
    addTo(this.topics, ch.topic, ch);
  }

  remove(ch: Channel): void {
    if (ch.conn.channels.get(ch.topic) === ch) ch.conn.channels.delete(ch.topic);
    for (const b of ch.bindings) removeFrom(this.index, indexKey(b), b);
    removeFrom(this.topics, ch.topic, ch);
  }

  members(topic: string): Iterable<Channel> {
    return this.topics.get(topic) ?? [];
  }

  counts(): { sockets: number; channels: number; topics: number; bindings: number } {
    let channels = 0;
    for (const conn of this.conns) channels += conn.channels.size;
    let bindings = 0;
    for (const set of this.index.values()) bindings += set.size;
    return { sockets: this.conns.size, channels, topics: this.topics.size, bindings };
  }
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(value);
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(value);
  if (set.size === 0) map.delete(key);
}
