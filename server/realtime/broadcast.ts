// Broadcast on public channels: a client's message relayed in memory to the topic's other members
// (and itself with `self`), as JSON or realtime-js's binary frame depending on each socket's vsn.
import type { Message } from './protocol.ts';
import { encodeBroadcastBinary, encodeText } from './protocol.ts';
import { broadcastPayload, describeIssues } from './payloads.ts';
import type { Channel, ChannelRegistry } from './registry.ts';
import type { Writer } from './socket.ts';

export function relayBroadcast(
  registry: ChannelRegistry,
  out: Writer,
  maxBytes: number,
  ch: Channel,
  msg: Message,
): void {
  const parsed = broadcastPayload.safeParse(msg.payload);
  if (!parsed.success) {
    if (msg.ref) out.reply(ch.conn, msg, 'error', { reason: describeIssues(parsed.error) });
    return;
  }
  const { type: _type, event, payload: body, ...meta } = parsed.data;
  const size = body instanceof Uint8Array ? body.byteLength : (JSON.stringify(body ?? {})?.length ?? 0);
  if (size > maxBytes) {
    // Hosted realtime answers only when the sender asked for acks; a ref is enough here to say why.
    if (msg.ref)
      out.reply(ch.conn, msg, 'error', {
        reason: `payload_size_exceeded: a broadcast payload may be at most ${maxBytes} bytes`,
      });
    return;
  }
  let binary: Buffer | undefined | null = null;
  let jsonText: string | null = null;
  for (const other of registry.members(ch.topic)) {
    if (other === ch && !ch.broadcastSelf) continue;
    if (other.conn.vsn === '2.0.0') {
      if (binary === null) binary = encodeBroadcastBinary(ch.topic, event, body, meta);
      if (binary) {
        out.send(other.conn, binary);
        continue;
      }
    }
    jsonText ??= JSON.stringify({ type: 'broadcast', event, payload: body instanceof Uint8Array ? {} : (body ?? {}) });
    out.send(other.conn, encodeText(other.conn.vsn, other.joinRef, null, ch.topic, 'broadcast', jsonText));
  }
  if (ch.broadcastAck && msg.ref) out.reply(ch.conn, msg, 'ok', {});
}
