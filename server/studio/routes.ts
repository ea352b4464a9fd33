// PLACEHOLDER: the operator's local studio is being written.
import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';

export function studioRoutes(_ctx: ServerContext): Hono {
  return new Hono();
}
