// PLACEHOLDER
import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';
export function mailRoutes(_ctx: ServerContext): Hono {
  return new Hono();
}
