// PLACEHOLDER
import { Hono } from 'hono';
export function staticRoutes(_dir: string, _runtimeConfig: Record<string, string>): Hono {
  return new Hono();
}
