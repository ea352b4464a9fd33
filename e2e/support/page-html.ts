// Reading a page's HTML as the browser will: which inline scripts it runs, as its CSP must name them.
import { createHash } from 'node:crypto';

/**
 * The sha256 source expression of each inline script of a page that runs, as a CSP names it: not
 * those with a src, nor a data block (a server-rendered page's JSON), which the browser never runs.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>([\s\S]*?)<\/script>/gi)].map(
    (m) => `'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`,
  );
}
