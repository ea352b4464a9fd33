// The Phoenix channel frames realtime-js speaks: vsn 2.0.0 JSON arrays
// `[join_ref, ref, topic, event, payload]` plus its binary broadcast frames, and vsn 1.0.0 JSON
// objects. A bad frame becomes a ProtocolError the socket answers, never a crash.
import { z } from 'zod';

export type Vsn = '1.0.0' | '2.0.0';

export interface Message {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

export class ProtocolError extends Error {
  constructor(
    message: string,
    /** What could be read of the frame, so the error can be a reply to it. */
    readonly partial: Partial<Pick<Message, 'joinRef' | 'ref' | 'topic'>> = {},
  ) {
    super(message);
    this.name = 'ProtocolError';
  }
}

// Binary frame kinds of realtime-js's serializer (lib/serializer.ts).
const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const ENCODING_BINARY = 0;
const ENCODING_JSON = 1;

/** An object as JSON has it, checked without copying it (a payload may be large). */
export const plainObject = (error: string) =>
  z.custom<Record<string, unknown>>(
    (v) => v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Uint8Array),
    { error },
  );

const ref = z
  .union([z.string(), z.number()])
  .nullish()
  .catch(null)
  .transform((v) => (v === null || v === undefined ? null : String(v)));
/** A frame's envelope; the payload is parsed by the handler of its event (payloads.ts). */
const envelope = z.object({
  joinRef: ref,
  ref,
  topic: z
    .string({ error: 'malformed message: topic must be a string' })
    .min(1, 'malformed message: topic must be a string'),
  event: z
    .string({ error: 'malformed message: event must be a string' })
    .min(1, 'malformed message: event must be a string'),
  payload: z.preprocess((v) => v ?? {}, plainObject('malformed message: payload must be an object')),
});

export function decodeText(text: string): Message {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ProtocolError('malformed message: not JSON');
  }
  // Accept either shape whatever vsn the socket announced: old clients omit vsn.
  if (Array.isArray(raw)) {
    const [joinRef, ref, topic, event, payload] = raw as unknown[];
    return check({ joinRef, ref, topic, event, payload });
  }
  if (raw && typeof raw === 'object') {
    const o = raw as Record<string, unknown>;
    return check({ joinRef: o.join_ref, ref: o.ref, topic: o.topic, event: o.event, payload: o.payload });
  }
  throw new ProtocolError('malformed message: expected [join_ref, ref, topic, event, payload]');
}

function check(frame: Record<keyof Message, unknown>): Message {
  const parsed = envelope.safeParse(frame);
  if (parsed.success) return parsed.data;
  // What could be read of the frame makes the error a reply to it.
  const partial = {
    joinRef: ref.parse(frame.joinRef),
    ref: ref.parse(frame.ref),
    topic: typeof frame.topic === 'string' && frame.topic ? frame.topic : undefined,
  };
  throw new ProtocolError(parsed.error.issues[0]!.message, partial);
}

/** A client's binary user broadcast push (kind 3) as the `broadcast` event realtime would see. */
export function decodeBinary(buf: Buffer): Message {
  if (buf.length < 7 || buf[0] !== KIND_USER_BROADCAST_PUSH)
    throw new ProtocolError('malformed message: unknown binary frame');
  const [joinRefLen, refLen, topicLen, eventLen, metaLen, encoding] = [
    buf[1]!,
    buf[2]!,
    buf[3]!,
    buf[4]!,
    buf[5]!,
    buf[6]!,
  ];
  let at = 7;
  const take = (n: number) => {
    if (at + n > buf.length) throw new ProtocolError('malformed message: truncated binary frame');
    const s = buf.subarray(at, at + n).toString('utf8');
    at += n;
    return s;
  };
  const joinRef = take(joinRefLen) || null;
  const ref = take(refLen) || null;
  const topic = take(topicLen);
  const event = take(eventLen);
  const metaText = take(metaLen);
  const body = buf.subarray(at);
  let meta: Record<string, unknown> = {};
  let payload: unknown;
  try {
    if (metaText) meta = JSON.parse(metaText) as Record<string, unknown>;
    payload = encoding === ENCODING_JSON ? JSON.parse(body.toString('utf8') || '{}') : Uint8Array.from(body);
  } catch {
    throw new ProtocolError('malformed message: bad JSON in binary frame', { joinRef, ref, topic });
  }
  if (!topic) throw new ProtocolError('malformed message: topic must be a string', { joinRef, ref });
  return { joinRef, ref, topic, event: 'broadcast', payload: { ...meta, type: 'broadcast', event, payload } };
}

/** JSON text of a frame; `payloadJson` is the payload already serialized (shared by many sockets). */
export function encodeText(
  vsn: Vsn,
  joinRef: string | null,
  ref: string | null,
  topic: string,
  event: string,
  payloadJson: string,
): string {
  if (vsn === '2.0.0') {
    return `[${JSON.stringify(joinRef)},${JSON.stringify(ref)},${JSON.stringify(topic)},${JSON.stringify(event)},${payloadJson}]`;
  }
  return `{"join_ref":${JSON.stringify(joinRef)},"ref":${JSON.stringify(ref)},"topic":${JSON.stringify(topic)},"event":${JSON.stringify(event)},"payload":${payloadJson}}`;
}

/**
 * The binary user broadcast (kind 4) realtime sends to vsn 2.0.0 clients:
 * kind, topic/event/meta lengths, encoding, then topic, event, meta and the payload.
 */
export function encodeBroadcastBinary(
  topic: string,
  event: string,
  payload: unknown,
  meta?: Record<string, unknown>,
): Buffer | undefined {
  const t = Buffer.from(topic);
  const e = Buffer.from(event);
  const m = Buffer.from(meta && Object.keys(meta).length ? JSON.stringify(meta) : '');
  if (t.length > 255 || e.length > 255 || m.length > 255) return undefined;
  const binary = payload instanceof Uint8Array;
  const body = binary ? Buffer.from(payload) : Buffer.from(JSON.stringify(payload ?? {}));
  const head = Buffer.from([
    KIND_USER_BROADCAST,
    t.length,
    e.length,
    m.length,
    binary ? ENCODING_BINARY : ENCODING_JSON,
  ]);
  return Buffer.concat([head, t, e, m, body]);
}
