// Step one of the pipeline at the HTTP edge: what a Data API request asks for, read once from the
// request (method, target, profile, Prefer, Accept, Range, body) under the settings in force.
import type { Context } from 'hono';
import { parseAccept, parsePrefer, parseRange, pickSchema, type Preferences, type Representation } from './headers.ts';
import { readShape } from './plan-cache.ts';
import type { RestSettings } from './settings.ts';

/** What a request asks for, read once from the HTTP request. */
export interface ApiRequest {
  method: string;
  target: { kind: 'relation' | 'rpc'; name: string };
  /** The exposed schema the request names (Accept-Profile / Content-Profile), or the first one. */
  schema: string;
  /** The query string (`?a=b`, or ''), parsed into a query when planning. */
  search: string;
  prefer: Preferences;
  accept: Representation;
  range?: { offset: number; limit?: number };
  body?: string;
  /** GET/HEAD: everything planning reads from the request but plain filters' values, the key of its plan (PlanCache). */
  planKey?: string;
  /** A relation read's plain filter values, in order (readShape). */
  planValues?: string[];
}

export async function readRequest(
  c: Context,
  target: ApiRequest['target'],
  settings: RestSettings,
): Promise<ApiRequest> {
  const method = c.req.method;
  const reading = method === 'GET' || method === 'HEAD';
  const url = new URL(c.req.url);
  const schema = pickSchema(c.req.header(reading ? 'accept-profile' : 'content-profile'), settings.schemas);
  const [prefer, accept, range] = [c.req.header('prefer'), c.req.header('accept'), c.req.header('range')];
  const shape = reading && target.kind === 'relation' ? readShape(url.search) : undefined;
  return {
    method,
    target,
    schema,
    search: url.search,
    prefer: parsePrefer(prefer, settings.txEnd.endsWith('allow-override')),
    accept: parseAccept(accept, settings.planEnabled),
    range: reading ? parseRange(range) : undefined,
    body: reading ? undefined : await c.req.text(),
    planKey: reading
      ? JSON.stringify([method, target.kind, target.name, schema, shape?.shape ?? url.search, prefer, accept, range])
      : undefined,
    planValues: shape?.values,
  };
}
