// Presence on public channels, in memory: who tracks what in each topic, the state a joining member
// gets and the diffs the others get. Every meta is bounded in size and count (per topic, per socket,
// in all) so anonymous sockets cannot grow the server, and leaves with its channel.
import { randomUUID } from 'node:crypto';
import type { RealtimeLimits } from './limits.ts';
import { describeIssues, presenceMeta, presencePayload } from './payloads.ts';
import type { Message } from './protocol.ts';
import type { Channel, ChannelRegistry } from './registry.ts';
import type { Writer } from './socket.ts';

type Meta = Record<string, unknown>;
type PresenceState = Record<string, { metas: Meta[] }>;

interface Tracked {
  meta: Meta;
  bytes: number;
}

export class Presence {
  /** Topic -> presence key -> channel uid -> meta. */
  private readonly byTopic = new Map<string, Map<string, Map<string, Tracked>>>();
  /** Topic -> metas tracked in it. */
  private readonly perTopic = new Map<string, number>();
  private count = 0;
  private bytes = 0;

  constructor(
    private readonly registry: ChannelRegistry,
    private readonly out: Writer,
    private readonly limits: Pick<
      RealtimeLimits,
      'maxPresenceBytes' | 'maxPresencesPerChannel' | 'maxPresencesPerSocket' | 'maxPresenceBytesTotal'
    >,
  ) {}

  /** A client's `presence` message: track or untrack, answered with a reply. */
  handle(ch: Channel, msg: Message): void {
    const parsed = presencePayload.safeParse(msg.payload);
    if (!parsed.success) return this.out.reply(ch.conn, msg, 'error', { reason: describeIssues(parsed.error) });
    if (parsed.data.event === 'untrack') {
      this.untrack(ch);
      return this.out.reply(ch.conn, msg, 'ok', {});
    }
    const meta = presenceMeta.safeParse(parsed.data.payload);
    if (!meta.success) return this.out.reply(ch.conn, msg, 'error', { reason: describeIssues(meta.error) });
    const refused = this.track(ch, meta.data);
    this.out.reply(ch.conn, msg, refused ? 'error' : 'ok', refused ? { reason: refused } : {});
  }

  /** Tracks (or replaces) the channel's meta; returns the reason it was refused, if it was. */
  track(ch: Channel, body: Meta): string | null {
    const json = JSON.stringify(body);
    if (json.length > this.limits.maxPresenceBytes) return 'Track message size exceeded';
    const previous = this.find(ch);
    const freed = previous?.bytes ?? 0;
    if (!previous) {
      if (ch.conn.presences >= this.limits.maxPresencesPerSocket)
        return `PresenceRateLimitReached: Too many presences on this connection (at most ${this.limits.maxPresencesPerSocket})`;
      if ((this.perTopic.get(ch.topic) ?? 0) >= this.limits.maxPresencesPerChannel)
        return `PresenceRateLimitReached: Too many presences in this channel (at most ${this.limits.maxPresencesPerChannel})`;
    }
    if (this.bytes - freed + json.length > this.limits.maxPresenceBytesTotal)
      return 'PresenceRateLimitReached: Presence memory is full, try again later';
    ch.presenceEnabled = true;
    this.untrack(ch);
    const meta = { ...body, phx_ref: randomUUID() };
    let byKey = this.byTopic.get(ch.topic);
    if (!byKey) this.byTopic.set(ch.topic, (byKey = new Map()));
    let metas = byKey.get(ch.presenceKey);
    if (!metas) byKey.set(ch.presenceKey, (metas = new Map()));
    metas.set(ch.uid, { meta, bytes: json.length });
    this.perTopic.set(ch.topic, (this.perTopic.get(ch.topic) ?? 0) + 1);
    ch.conn.presences++;
    this.count++;
    this.bytes += json.length;
    this.diff(ch.topic, { [ch.presenceKey]: { metas: [meta] } }, {});
    return null;
  }

  /** Drops the channel's meta, if it has one, and tells the topic. */
  untrack(ch: Channel): void {
    const byKey = this.byTopic.get(ch.topic);
    const metas = byKey?.get(ch.presenceKey);
    const tracked = metas?.get(ch.uid);
    if (!byKey || !metas || !tracked) return;
    metas.delete(ch.uid);
    if (metas.size === 0) byKey.delete(ch.presenceKey);
    if (byKey.size === 0) this.byTopic.delete(ch.topic);
    const left = (this.perTopic.get(ch.topic) ?? 1) - 1;
    if (left > 0) this.perTopic.set(ch.topic, left);
    else this.perTopic.delete(ch.topic);
    ch.conn.presences--;
    this.count--;
    this.bytes -= tracked.bytes;
    this.diff(ch.topic, {}, { [ch.presenceKey]: { metas: [tracked.meta] } });
  }

  state(topic: string): PresenceState {
    const state: PresenceState = {};
    for (const [key, metas] of this.byTopic.get(topic) ?? [])
      state[key] = { metas: [...metas.values()].map((t) => t.meta) };
    return state;
  }

  counts(): { presences: number; presenceBytes: number; presenceTopics: number } {
    return { presences: this.count, presenceBytes: this.bytes, presenceTopics: this.byTopic.size };
  }

  private find(ch: Channel): Tracked | undefined {
    return this.byTopic.get(ch.topic)?.get(ch.presenceKey)?.get(ch.uid);
  }

  private diff(topic: string, joins: PresenceState, leaves: PresenceState): void {
    for (const other of this.registry.members(topic)) {
      if (other.presenceEnabled)
        this.out.push(other.conn, other.joinRef, null, topic, 'presence_diff', { joins, leaves });
    }
  }
}
