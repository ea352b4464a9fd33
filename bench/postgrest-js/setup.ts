// Loaded before each of upstream's test files (vitest's setupFiles): upstream writes its tests for
// Jest, so `jest` is vitest's `vi`; and every answer a test gets is written down (method, path,
// status, PostgREST's error code and message), so run.ts can say why a test failed.
import { appendFileSync } from 'node:fs';
import { expect, vi } from 'vitest';

(globalThis as unknown as { jest: typeof vi }).jest = vi;

const log = process.env.POSTGREST_JS_REQUEST_LOG;
const realFetch = globalThis.fetch;

globalThis.fetch = async (input, init) => {
  const response = await realFetch(input, init);
  if (!log) return response;
  const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
  const entry: Record<string, unknown> = {
    file: expect.getState().testPath,
    test: expect.getState().currentTestName,
    method: init?.method ?? (input instanceof Request ? input.method : 'GET'),
    path: decodeURIComponent(url.pathname.replace(/^\/rest\/v1/, '') + url.search),
    status: response.status,
  };
  if (response.status >= 300) {
    try {
      const body = JSON.parse(await response.clone().text()) as { code?: unknown; message?: unknown };
      Object.assign(entry, { code: body.code, message: body.message });
    } catch {
      // Not JSON: the status says enough.
    }
  }
  appendFileSync(log, JSON.stringify(entry) + '\n');
  return response;
};
