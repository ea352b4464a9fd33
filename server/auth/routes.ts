// PLACEHOLDER: GoTrue-compatible Auth is being written.
import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';

export function authRoutes(_ctx: ServerContext): Hono {
  return new Hono();
}
