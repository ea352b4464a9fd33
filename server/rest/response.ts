// Step five: the statement's one row (or its plan) becomes the HTTP answer PostgREST gives: status,
// Content-Type, Content-Range, Location, Preference-Applied, and the body Postgres built.
import { ApiError, notSingle } from './errors.ts';
import type { ResultRow } from './execute.ts';
import type { Prepared } from './prepare.ts';
import type { ApiRequest } from './request.ts';

/** An answer before finish(): status, headers (lower-case names) and the body as text. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

export const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';
const CSV_TYPE = 'text/csv; charset=utf-8';

export function errorAnswer(error: ApiError): Answer {
  return { status: error.status, headers: { 'content-type': JSON_TYPE }, body: JSON.stringify(error.body()) };
}

export function planResponse(request: ApiRequest, plan: string): Answer {
  const p = request.accept.plan!;
  const headers: Record<string, string> = {
    'content-type': `application/vnd.pgrst.plan+${p.format}; for="${p.for}"; charset=utf-8`,
  };
  if (request.prefer.applied.length) headers['preference-applied'] = request.prefer.applied.join(', ');
  return { status: 200, headers, body: plan };
}

/** What every kind of answer starts from: the headers both have and the row's counts and body. */
interface Reply {
  headers: Record<string, string>;
  pageTotal: number;
  /** The count Prefer: count asked for, when it did. */
  total?: number;
  body: string | null;
}

export function respond(request: ApiRequest, prepared: Prepared, row: ResultRow): Answer {
  const contentType = request.accept.csv ? CSV_TYPE : prepared.single ? OBJECT_TYPE : JSON_TYPE;
  const headers: Record<string, string> = { 'content-type': contentType };
  if (request.prefer.applied.length) headers['preference-applied'] = request.prefer.applied.join(', ');
  const reply: Reply = {
    headers,
    pageTotal: Number(row.page_total),
    total: row.total === null || !request.prefer.count ? undefined : Number(row.total),
    body: prepared.returnsBody ? (row.body ?? 'null') : null,
  };
  if (prepared.kind === 'read') return readAnswer(request, prepared, reply);
  if (prepared.kind === 'call') {
    if (prepared.voidCall) return { status: 204, headers, body: null };
    headers['content-range'] = `0-${reply.pageTotal - 1}/${reply.total ?? '*'}`;
    return { status: 200, headers, body: request.method === 'HEAD' ? null : reply.body };
  }
  return writeAnswer(request, prepared, row, reply);
}

/** A read: 200, or 206 for part of a counted whole; 416 past its end. */
function readAnswer(request: ApiRequest, prepared: Prepared, { headers, pageTotal, total, body }: Reply): Answer {
  if (prepared.single && pageTotal !== 1) throw notSingle(pageTotal);
  const lower = prepared.offset;
  const upper = lower + pageTotal - 1;
  headers['content-range'] = `${pageTotal > 0 ? `${lower}-${upper}` : '*'}/${total ?? '*'}`;
  let status = 200;
  if (total !== undefined) {
    if (lower > total) {
      const error = new ApiError(
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${lower} was requested, but there are only ${total} rows.`,
      );
      return { ...errorAnswer(error), headers: { 'content-type': JSON_TYPE, 'content-range': `*/${total}` } };
    }
    if (pageTotal < total) status = 206;
  }
  return { status, headers, body: request.method === 'HEAD' ? null : body };
}

/** An insert (201 with Location, 200 for an upsert that only updated), update or delete (200, or 204 without a body). */
function writeAnswer(
  request: ApiRequest,
  prepared: Prepared,
  row: ResultRow,
  { headers, pageTotal, body }: Reply,
): Answer {
  const count = request.prefer.count ? String(pageTotal) : '*';
  if (prepared.kind === 'insert') {
    headers['content-range'] = `*/${count}`;
    if (row.location && prepared.table) {
      const keys = JSON.parse(row.location) as Record<string, unknown>;
      const query = Object.entries(keys).map(
        ([k, v]) => `${encodeURIComponent(k)}=eq.${encodeURIComponent(String(v))}`,
      );
      headers['location'] = `/${prepared.table}?${query.join('&')}`;
    }
    const status = prepared.upsert && Number(row.inserted ?? 0) === 0 ? 200 : 201;
    return { status, headers, body };
  }
  headers['content-range'] = `${pageTotal > 0 ? `0-${pageTotal - 1}` : '*'}/${count}`;
  if (body === null) {
    delete headers['content-type'];
    return { status: 204, headers, body: null };
  }
  return { status: 200, headers, body };
}
