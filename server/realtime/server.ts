// PLACEHOLDER: Realtime (Phoenix channels, postgres_changes) is being written.
import type { Server } from 'node:http';
import type { ServerContext } from '../context.ts';

export interface RealtimeServer {
  close(): Promise<void>;
}

export function attachRealtime(_server: Server, _ctx: ServerContext): RealtimeServer {
  return { async close() {} };
}
