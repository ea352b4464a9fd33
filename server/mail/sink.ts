// The mail sink of the Edge Functions under `npm start` without SMTP: notify-dispatch POSTs
// {to, subject, text, html} here with the service role's key, and the mail goes the way the stack's
// own mail goes (ctx.mail: SMTP's outbox or the local mailbox). Hosted Supabase has no such route:
// there the function speaks SMTP itself (README, "Deploying").
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';

const MAX_BODY = 256 * 1024;
const LIMITS = { to: 320, subject: 300, text: 100_000, html: 200_000 } as const;
const ADDRESS = /^[^\s@<>(),;:"\\]+@[^\s@<>(),;:"\\]+$/;

const digest = (s: string) => createHash('sha256').update(s).digest();

export async function mailSink(ctx: ServerContext, c: Context): Promise<Response> {
  const bearer = /^Bearer (.+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
  if (!timingSafeEqual(digest(bearer), digest(ctx.keys.serviceRoleKey))) {
    return c.json({ error: 'forbidden', message: 'Only the service role may send mail.' }, 403);
  }
  if (Number(c.req.header('content-length') ?? 0) > MAX_BODY) {
    return c.json({ error: 'too_large', message: 'A mail is at most 256 KB.' }, 413);
  }
  const raw = await c.req.text();
  if (raw.length > MAX_BODY) return c.json({ error: 'too_large', message: 'A mail is at most 256 KB.' }, 413);
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return c.json({ error: 'bad_json', message: 'The body is JSON: {to, subject, text, html}.' }, 400);
  }
  for (const [key, limit] of Object.entries(LIMITS)) {
    const value = body?.[key];
    if (typeof value !== 'string' || value.length > limit || (key !== 'html' && key !== 'text' && !value.trim())) {
      return c.json({ error: 'bad_mail', message: `"${key}" is text of at most ${limit} characters.` }, 400);
    }
  }
  const to = String(body.to);
  if (!ADDRESS.test(to)) return c.json({ error: 'bad_mail', message: '"to" is one e-mail address.' }, 400);
  await ctx.mail.send({ to, subject: String(body.subject), text: String(body.text), html: String(body.html) });
  return c.body(null, 202);
}
