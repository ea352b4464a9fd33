// The notification dispatcher's work, without a runtime: it drains the outbox (claim_outbox) to the
// push services, the tournaments' Discord webhooks and the players' mailboxes, and reports each row
// back (finish_outbox).
// index.ts runs it as a Supabase Edge Function (Deno); tests and the benchmark call it with their
// own fetch. Everything it needs comes in through DispatchDeps.

export type Channel = 'push' | 'discord' | 'email';

export interface OutboxRow {
  id: number;
  channel: Channel;
  payload: Record<string, unknown>;
  batch_key: string | null;
  attempts: number;
  target: { endpoint?: string; p256dh?: string; auth?: string; url?: string; email?: string; username?: string } | null;
}

export interface RowResult {
  id: number;
  ok?: boolean;
  error?: string;
  retry_after?: number;
  gone?: boolean;
}

/** What web-push's generateRequestDetails returns: the encrypted body and the VAPID headers. */
export interface PushRequest {
  endpoint: string;
  method: string;
  headers: Record<string, string | number>;
  body: ArrayLike<number> | null;
}

/** A mail as the site sends it (subject, plain text and HTML). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface DispatchDeps {
  /** Calls a database function through the Data API as the service role. */
  rpc(name: string, args: Record<string, unknown>): Promise<unknown>;
  /** web-push: encrypts a payload for a subscription and signs the VAPID JWT. */
  pushRequest(subscription: { endpoint: string; keys: { p256dh: string; auth: string } }, payload: string): PushRequest;
  fetch: typeof fetch;
  /** Sends one mail (SMTP on hosted, the local stack's mailer under npm start); absent: no mail. */
  sendMail?(mail: Mail): Promise<void>;
  /** DISCORD_API_URL (https://discord.com/api): webhooks are posted here, never to a stored host. */
  discordApiUrl: string;
  /** The site's address: {site} in Discord lines, and the links in mails. */
  siteUrl: string;
  sleep?(ms: number): Promise<void>;
  /** How long one call may keep draining, in ms (an Edge Function's wall clock is limited). */
  budgetMs?: number;
  /** How long claimed rows are held before another dispatcher may take them (a crashed one's). */
  leaseSeconds?: number;
}

export interface DispatchSummary {
  clock?: number;
  claimed: number;
  sent: number;
  retried: number;
  failed: number;
}

const CLAIM_BATCH = 200;
const PUSH_CONCURRENCY = 16;
const MAIL_CONCURRENCY = 4;
const DISCORD_MAX_CONTENT = 2000;
const DISCORD_MAX_MENTIONS = 100;
/** A rate-limit wait up to this long is slept through; a longer one goes back to the outbox. */
const MAX_INLINE_WAIT_MS = 10_000;

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Drains due outbox rows (of one channel, or all) until none are left or the time budget is spent. */
export async function dispatch(
  deps: DispatchDeps,
  options: { clock?: boolean; channel?: Channel } = {},
): Promise<DispatchSummary> {
  const summary: DispatchSummary = { claimed: 0, sent: 0, retried: 0, failed: 0 };
  // The lease outlasts a drain, so no other dispatcher takes a row this one is still sending.
  const deadline = Date.now() + Math.min(deps.budgetMs ?? 25_000, ((deps.leaseSeconds ?? 60) * 1000) / 2);
  if (options.clock) summary.clock = Number(await deps.rpc('notify_clock', {}));
  while (Date.now() < deadline) {
    const rows = (await deps.rpc('claim_outbox', {
      p_limit: CLAIM_BATCH,
      p_lease_seconds: deps.leaseSeconds ?? 60,
      p_channel: options.channel ?? null,
    })) as OutboxRow[];
    if (!rows.length) break;
    summary.claimed += rows.length;
    const results = await Promise.all([
      sendPushes(
        deps,
        rows.filter((r) => r.channel === 'push'),
      ),
      sendDiscord(
        deps,
        rows.filter((r) => r.channel === 'discord'),
        deadline,
      ),
      sendEmails(
        deps,
        rows.filter((r) => r.channel === 'email'),
      ),
    ]);
    const flat = results.flat();
    await deps.rpc('finish_outbox', { p_results: flat });
    for (const r of flat) {
      if (r.ok) summary.sent++;
      else if (r.gone || r.retry_after !== undefined || r.error) summary.retried++;
    }
    if (rows.length < CLAIM_BATCH) break;
  }
  return summary;
}

// ---------------------------------------------------------------------------------------------
// Web push
// ---------------------------------------------------------------------------------------------

const sendPushes = (deps: DispatchDeps, rows: OutboxRow[]) =>
  inChunks(rows, PUSH_CONCURRENCY, (row) => sendPush(deps, row));

async function sendPush(deps: DispatchDeps, row: OutboxRow): Promise<RowResult> {
  const t = row.target;
  if (!t?.endpoint || !t.p256dh || !t.auth) return { id: row.id, gone: true, error: 'subscription removed' };
  try {
    const request = deps.pushRequest(
      { endpoint: t.endpoint, keys: { p256dh: t.p256dh, auth: t.auth } },
      JSON.stringify(row.payload),
    );
    const headers = Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, String(v)]));
    const response = await deps.fetch(request.endpoint, {
      method: request.method,
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    });
    await response.body?.cancel();
    if (response.status >= 200 && response.status < 300) return { id: row.id, ok: true };
    // The subscription expired or was revoked: drop it (RFC 8030 section 7.3, web-push's docs).
    if (response.status === 404 || response.status === 410)
      return { id: row.id, gone: true, error: `HTTP ${response.status}` };
    if (response.status === 429) {
      return {
        id: row.id,
        error: 'HTTP 429',
        retry_after: retryAfterSeconds(response.headers.get('retry-after')) ?? 30,
      };
    }
    return { id: row.id, error: `HTTP ${response.status} from the push service` };
  } catch (error) {
    return { id: row.id, error: errorText(error) };
  }
}

// ---------------------------------------------------------------------------------------------
// E-mail
// ---------------------------------------------------------------------------------------------

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** The mail for a notification: its title as the subject, its text, the link, and where to turn it off. */
export function notificationMail(row: OutboxRow, siteUrl: string): Mail | null {
  const to = row.target?.email;
  if (!to) return null;
  const site = siteUrl.replace(/\/+$/, '');
  const title = String(row.payload.title ?? 'BrawlCup');
  const body = String(row.payload.body ?? '');
  const path = String(row.payload.url ?? '/');
  const link = site + (path.startsWith('/') && !path.startsWith('//') ? path : '/');
  const settings = `${site}/notifications`;
  const greeting = row.target?.username ? `Hi ${row.target.username},` : 'Hi,';
  return {
    to,
    subject: title,
    text: `${greeting}\n\n${body}\n\nOpen it on BrawlCup: ${link}\n\n--\nChoose what BrawlCup e-mails you: ${settings}\n`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>` +
      `<p><a href="${escapeHtml(link)}">Open it on BrawlCup</a></p>` +
      `<hr><p style="font-size:12px;color:#666">Choose what BrawlCup e-mails you: ` +
      `<a href="${escapeHtml(settings)}">notification settings</a></p>`,
  };
}

const sendEmails = (deps: DispatchDeps, rows: OutboxRow[]) =>
  inChunks(rows, MAIL_CONCURRENCY, (row) => sendEmail(deps, row));

async function sendEmail(deps: DispatchDeps, row: OutboxRow): Promise<RowResult> {
  const mail = notificationMail(row, deps.siteUrl);
  if (!mail) return { id: row.id, error: 'the recipient has no confirmed address now' };
  if (!deps.sendMail) return { id: row.id, error: 'this dispatcher has no way to send mail' };
  try {
    await deps.sendMail(mail);
    return { id: row.id, ok: true };
  } catch (error) {
    return { id: row.id, error: errorText(error) };
  }
}

// ---------------------------------------------------------------------------------------------
// Discord
// ---------------------------------------------------------------------------------------------

interface DiscordMessage {
  rows: OutboxRow[];
  content: string;
  users: string[];
}

/** Rows of one webhook in order, a batch's lines packed into as few messages as Discord allows. */
export function packDiscordMessages(rows: OutboxRow[], siteUrl: string): DiscordMessage[] {
  const groups = new Map<string, OutboxRow[]>();
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    const key = row.batch_key ?? `row:${row.id}`;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const messages: DiscordMessage[] = [];
  for (const group of groups.values()) {
    let current: DiscordMessage | undefined;
    for (const row of group) {
      const line = String(row.payload.line ?? '').replaceAll('{site}', siteUrl.replace(/\/$/, ''));
      const mentions = Array.isArray(row.payload.mentions) ? row.payload.mentions.map(String) : [];
      const users = current ? [...new Set([...current.users, ...mentions])] : mentions;
      if (
        current &&
        current.content.length + 1 + line.length <= DISCORD_MAX_CONTENT &&
        users.length <= DISCORD_MAX_MENTIONS
      ) {
        current.rows.push(row);
        current.content += '\n' + line;
        current.users = users;
      } else {
        current = { rows: [row], content: line.slice(0, DISCORD_MAX_CONTENT), users: [...new Set(mentions)] };
        messages.push(current);
      }
    }
  }
  return messages;
}

/** The webhook's id and token, or null when the stored URL is not a webhook under the API base. */
export function webhookPath(url: string, apiBase: string): string | null {
  const base = apiBase.replace(/\/+$/, '');
  if (!url.startsWith(base + '/')) return null;
  const m = /^(?:\/v\d{1,2})?\/webhooks\/(\d{17,20})\/([A-Za-z0-9_-]{20,100})$/.exec(url.slice(base.length));
  return m ? `${base}/webhooks/${m[1]}/${m[2]}` : null;
}

async function sendDiscord(deps: DispatchDeps, rows: OutboxRow[], deadline: number): Promise<RowResult[]> {
  const byHook = new Map<string, OutboxRow[]>();
  const results: RowResult[] = [];
  for (const row of rows) {
    const url = row.target?.url;
    const path = url ? webhookPath(url, deps.discordApiUrl) : null;
    if (!path) {
      results.push({
        id: row.id,
        error: url ? 'webhook not under DISCORD_API_URL' : 'the tournament has no webhook now',
      });
      continue;
    }
    byHook.set(path, [...(byHook.get(path) ?? []), row]);
  }
  // Webhooks have rate limits of their own: each is posted to in order, the webhooks side by side.
  const perHook = await Promise.all(
    [...byHook].map(([path, hookRows]) =>
      postToWebhook(deps, path, packDiscordMessages(hookRows, deps.siteUrl), deadline),
    ),
  );
  return results.concat(perHook.flat());
}

/**
 * When each webhook may be posted to next (its bucket was empty, or it answered 429): kept across
 * drains, as long as the function's instance lives, so back-to-back wake-ups do not overrun it.
 */
const webhookReady = new Map<string, number>();

async function postToWebhook(
  deps: DispatchDeps,
  path: string,
  messages: DiscordMessage[],
  deadline: number,
): Promise<RowResult[]> {
  const sleep = deps.sleep ?? defaultSleep;
  const results: RowResult[] = [];
  let waitUntil = webhookReady.get(path) ?? 0;
  const remember = () => {
    if (waitUntil > Date.now()) webhookReady.set(path, waitUntil);
    else webhookReady.delete(path);
  };
  for (const [index, message] of messages.entries()) {
    const rest = () => messages.slice(index).flatMap((m) => m.rows);
    let outcome: RowResult | 'sent' | undefined;
    for (let attempt = 0; attempt < 4 && !outcome; attempt++) {
      const wait = waitUntil - Date.now();
      if (wait > 0) {
        if (wait > MAX_INLINE_WAIT_MS || Date.now() + wait > deadline) {
          remember();
          return results.concat(
            rest().map((r) => ({ id: r.id, error: 'Discord rate limit', retry_after: wait / 1000 })),
          );
        }
        await sleep(wait);
      }
      let response: Response;
      try {
        response = await deps.fetch(`${path}?wait=true`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'User-Agent': 'BrawlCup (https://github.com, 1.0)' },
          body: JSON.stringify({ content: message.content, allowed_mentions: { parse: [], users: message.users } }),
          redirect: 'manual',
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        outcome = { id: 0, error: errorText(error) };
        break;
      }
      const text = await response.text().catch(() => '');
      // X-RateLimit-Remaining 0: wait X-RateLimit-Reset-After before the next request to this bucket.
      const remaining = response.headers.get('x-ratelimit-remaining');
      const resetAfter = retryAfterSeconds(response.headers.get('x-ratelimit-reset-after'));
      if (remaining === '0' && resetAfter !== undefined) waitUntil = Date.now() + resetAfter * 1000;
      if (response.status === 429) {
        const body = safeJson(text);
        const after =
          (typeof body?.retry_after === 'number' ? body.retry_after : undefined) ??
          retryAfterSeconds(response.headers.get('retry-after')) ??
          1;
        waitUntil = Math.max(waitUntil, Date.now() + after * 1000);
        continue;
      }
      if (response.ok) outcome = 'sent';
      else outcome = { id: 0, error: `HTTP ${response.status} from Discord: ${text.slice(0, 200)}` };
    }
    if (outcome === 'sent') results.push(...message.rows.map((r) => ({ id: r.id, ok: true })));
    else if (outcome) results.push(...message.rows.map((r) => ({ id: r.id, error: outcome.error })));
    else {
      results.push(
        ...message.rows.map((r) => ({
          id: r.id,
          error: 'Discord rate limit',
          retry_after: Math.max(1, (waitUntil - Date.now()) / 1000),
        })),
      );
    }
  }
  remember();
  return results;
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

/** Sends rows `size` at a time, so one slow service does not get hundreds of requests at once. */
async function inChunks(
  rows: OutboxRow[],
  size: number,
  send: (row: OutboxRow) => Promise<RowResult>,
): Promise<RowResult[]> {
  const results: RowResult[] = [];
  for (let i = 0; i < rows.length; i += size) results.push(...(await Promise.all(rows.slice(i, i + size).map(send))));
  return results;
}

function retryAfterSeconds(value: string | null): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? Math.min(n, 3600) : undefined;
}

function safeJson(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function errorText(error: unknown): string {
  return (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 500);
}
