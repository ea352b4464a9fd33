// PLACEHOLDER: the PostgREST-compatible Data API is being written (see server/README.md).
import { Hono } from 'hono';
import type { ServerContext } from '../context.ts';

export function restRoutes(_ctx: ServerContext): Hono {
  return new Hono();
}
