// How much one anonymous client may make Realtime hold: sockets, channels, frames, broadcast and
// presence. Every bound is here with its default so server/README.md and the tests read one table.

export interface RealtimeLimits {
  /** Open sockets from one client address (the peer, or a loopback proxy's X-Forwarded-For). */
  maxSocketsPerIp: number;
  /** Open sockets in all. */
  maxSockets: number;
  /** Largest frame a client may send (ws maxPayload); a bigger one closes the socket with 1009. Bytes. */
  maxFrameBytes: number;
  /** Channels one socket may have joined at once (hosted Realtime's max_channels_per_client). */
  maxChannelsPerSocket: number;
  /** postgres_changes bindings in one join. */
  maxBindingsPerChannel: number;
  /** JSON size of one broadcast's payload. Bytes. */
  maxBroadcastBytes: number;
  /** JSON size of one presence meta. Bytes. */
  maxPresenceBytes: number;
  /** Presences tracked in one topic, by all sockets. */
  maxPresencesPerChannel: number;
  /** Presences one socket tracks, over all its channels. */
  maxPresencesPerSocket: number;
  /** JSON size of every presence meta held, the server's whole presence memory. Bytes. */
  maxPresenceBytesTotal: number;
  /** A socket whose unsent data passes this is dropped (a slow or dead client). Bytes. */
  maxBufferedBytes: number;
  /** A socket that sends nothing (not even a heartbeat, every 25 s) for this long is dropped. ms. */
  idleTimeoutMs: number;
}

export const DEFAULT_REALTIME_LIMITS: RealtimeLimits = {
  maxSocketsPerIp: 100,
  maxSockets: 10_000,
  maxFrameBytes: 1024 * 1024,
  maxChannelsPerSocket: 100,
  maxBindingsPerChannel: 100,
  maxBroadcastBytes: 256 * 1024,
  maxPresenceBytes: 10_000,
  maxPresencesPerChannel: 1_000,
  maxPresencesPerSocket: 10,
  maxPresenceBytesTotal: 64 * 1024 * 1024,
  maxBufferedBytes: 4 * 1024 * 1024,
  idleTimeoutMs: 60_000,
};
