// notify-dispatch: the one dispatcher of the outbox, as a Supabase Edge Function. Woken by the outbox
// trigger (pg_net on hosted, the local server's NOTIFY listener under `npm start`) and every minute by
// the schedule with {"clock": true}, which also writes the clock's events. Only the service role may
// call it. Secrets: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT, SITE_URL, DISCORD_API_URL, and
// for e-mail SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS, SMTP_ADMIN_EMAIL, SMTP_SENDER_NAME (the same
// server as Auth's [auth.email.smtp]; SMTP_CA adds a certificate authority) or, under npm start
// without SMTP, MAIL_SINK_URL (the local stack's mailer).
import { createClient } from 'npm:@supabase/supabase-js@2';
import webpush from 'npm:web-push@3';
import { dispatch, type Channel, type DispatchSummary } from './dispatch.ts';
import { mailSender } from './mail.ts';

const env = (name: string, fallback?: string) => Deno.env.get(name) ?? fallback ?? '';
const supabaseUrl = env('SUPABASE_URL');
const serviceKey = env('SUPABASE_SERVICE_ROLE_KEY');
const supabase = createClient(supabaseUrl, serviceKey, { auth: { persistSession: false, autoRefreshToken: false } });
const vapid = {
  subject: env('VAPID_SUBJECT', 'mailto:admin@brawlcup.local'),
  publicKey: env('VAPID_PUBLIC_KEY'),
  privateKey: env('VAPID_PRIVATE_KEY'),
};

const deps = {
  rpc: async (name: string, args: Record<string, unknown>) => {
    const { data, error } = await supabase.rpc(name, args);
    if (error) throw new Error(`${name}: ${error.code} ${error.message}`);
    return data;
  },
  pushRequest: (sub: { endpoint: string; keys: { p256dh: string; auth: string } }, payload: string) =>
    webpush.generateRequestDetails(sub, payload, { vapidDetails: vapid, TTL: 24 * 3600, urgency: 'high' }),
  fetch,
  sendMail: mailSender(env, serviceKey),
  discordApiUrl: env('DISCORD_API_URL', 'https://discord.com/api'),
  siteUrl: env('SITE_URL', supabaseUrl),
  leaseSeconds: Number(env('DISPATCH_LEASE_SECONDS', '60')) || 60,
};

// One drain per channel at a time in this instance, the channels side by side, so a push never waits
// behind Discord's rate limits; a call that arrives while a channel drains asks it for one more pass.
const lanes: Record<Channel, { running?: Promise<DispatchSummary>; again: boolean }> = {
  push: { again: false },
  discord: { again: false },
  email: { again: false },
};

function drain(channel: Channel): Promise<DispatchSummary> {
  const lane = lanes[channel];
  if (lane.running) {
    lane.again = true;
    return lane.running;
  }
  lane.running = (async () => {
    let summary = await dispatch(deps, { channel });
    while (lane.again) {
      lane.again = false;
      summary = await dispatch(deps, { channel });
    }
    return summary;
  })().finally(() => {
    lane.running = undefined;
  });
  return lane.running;
}

// Work that outlives the answer: hosted's edge runtime keeps the worker for it when told so.
const keepAlive = (work: Promise<unknown>) =>
  (globalThis as { EdgeRuntime?: { waitUntil(p: Promise<unknown>): void } }).EdgeRuntime?.waitUntil(work);

Deno.serve(async (req) => {
  if ((req.headers.get('authorization') ?? '') !== `Bearer ${serviceKey}` || !serviceKey) {
    return Response.json(
      { code: 'forbidden', message: 'Only the service role may run the dispatcher.' },
      { status: 403 },
    );
  }
  if (req.method !== 'POST')
    return Response.json({ code: 'method_not_allowed', message: 'POST only.' }, { status: 405 });
  const body = await req.text();
  let clock = false;
  try {
    clock = body.length < 1024 && JSON.parse(body || '{}')?.clock === true;
  } catch {
    return Response.json({ code: 'bad_json', message: 'The body is JSON: {} or {"clock": true}.' }, { status: 400 });
  }
  try {
    const written = clock ? Number(await deps.rpc('notify_clock', {})) : undefined;
    // Discord's drain may sleep through its rate limits and a mail server may be slow: the answer
    // waits for neither.
    for (const channel of ['discord', 'email'] as const) {
      keepAlive(
        drain(channel).catch((error) => {
          console.error(`notify-dispatch (${channel}):`, error instanceof Error ? error.message : error);
        }),
      );
    }
    const push = await drain('push');
    return Response.json({ clock: written, push });
  } catch (error) {
    console.error('notify-dispatch:', error instanceof Error ? error.message : error);
    return Response.json(
      { code: 'dispatch_failed', message: 'The dispatcher could not reach the database.' },
      { status: 502 },
    );
  }
});
