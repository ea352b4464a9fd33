// requestHeaders (server/context.ts): what `request.headers` holds for a Data API request. Read from
// Node's raw header list when the request came in on a socket, it must list exactly what the fetch
// Headers object it replaced listed. No stack needed: a Hono app answers the object it builds.
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { requestHeaders } from '../context.ts';

const app = new Hono().get('*', (c) => c.json(requestHeaders(c)));

/** The object for these raw headers, through Node's raw list and through a fetch Headers object. */
async function both(raw: string[]) {
  const headers = new Headers();
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  const viaRaw = await (await app.request('/rest/v1/t', { headers }, { incoming: { rawHeaders: raw } })).json();
  const viaHeaders = await (await app.request('/rest/v1/t', { headers })).json();
  return { viaRaw, viaHeaders };
}

describe('requestHeaders', () => {
  it('lists names in lower case and in order, joins repeated headers, trims values, drops proxy headers', async () => {
    const { viaRaw, viaHeaders } = await both([
      'X-Client-Info',
      'supabase-js/2',
      'Accept',
      ' application/json ',
      'X-Tag',
      'a',
      'x-tag',
      'b',
      'Cookie',
      'a=1',
      'Cookie',
      'b=2',
      'X-Forwarded-For',
      '203.0.113.9',
      'Forwarded',
      'for=203.0.113.9',
      'X-Real-IP',
      '203.0.113.9',
      'CF-Connecting-IP',
      '203.0.113.9',
    ]);
    expect(viaRaw).toEqual({
      accept: 'application/json',
      cookie: 'a=1; b=2',
      'x-client-info': 'supabase-js/2',
      'x-tag': 'a, b',
    });
    expect(Object.keys(viaRaw)).toEqual(['accept', 'cookie', 'x-client-info', 'x-tag']);
    expect(JSON.stringify(viaRaw)).toBe(JSON.stringify(viaHeaders));
  });

  it('keeps the last of repeated Set-Cookie headers, as a Headers object lists them', async () => {
    const { viaRaw, viaHeaders } = await both(['Set-Cookie', 'a=1', 'Set-Cookie', 'b=2', 'Apikey', 'k']);
    expect(viaRaw).toEqual({ apikey: 'k', 'set-cookie': 'b=2' });
    expect(JSON.stringify(viaRaw)).toBe(JSON.stringify(viaHeaders));
  });
});
