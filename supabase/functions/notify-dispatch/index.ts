// notify-dispatch: the one dispatcher of the outbox, as a Supabase Edge Function. Woken by the outbox
// trigger (pg_net on hosted, the local server's NOTIFY listener under `npm start`) and every minute by
// the schedule with {"clock": true}, which also writes the clock's events. Only the service role may
// call it. Secrets: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT, SITE_URL, DISCORD_API_URL.
import { createClient } from 'npm:@supabase/supabase-js@2';
import webpush from 'npm:web-push@3';
import { dispatch } from './dispatch.ts';

const env = (name: string, fallback?: string) => Deno.env.get(name) ?? fallback ?? '';
const supabaseUrl = env('SUPABASE_URL');
const serviceKey = env('SUPABASE_SERVICE_ROLE_KEY');
const supabase = createClient(supabaseUrl, serviceKey, { auth: { persistSession: false, autoRefreshToken: false } });
const vapid = {
  subject: env('VAPID_SUBJECT', 'mailto:admin@brawlcup.local'),
  publicKey: env('VAPID_PUBLIC_KEY'),
  privateKey: env('VAPID_PRIVATE_KEY'),
};

// One drain at a time per instance: a call that arrives meanwhile asks the running one for one more pass.
let chain: Promise<unknown> = Promise.resolve();
let pending = 0;
let again = false;

async function drain(clock: boolean) {
  const deps = {
    rpc: async (name: string, args: Record<string, unknown>) => {
      const { data, error } = await supabase.rpc(name, args);
      if (error) throw new Error(`${name}: ${error.code} ${error.message}`);
      return data;
    },
    pushRequest: (sub: { endpoint: string; keys: { p256dh: string; auth: string } }, payload: string) =>
      webpush.generateRequestDetails(sub, payload, { vapidDetails: vapid, TTL: 24 * 3600, urgency: 'high' }),
    fetch,
    discordApiUrl: env('DISCORD_API_URL', 'https://discord.com/api'),
    siteUrl: env('SITE_URL', supabaseUrl),
    leaseSeconds: Number(env('DISPATCH_LEASE_SECONDS', '60')) || 60,
  };
  let summary = await dispatch(deps, { clock });
  while (again) {
    again = false;
    summary = await dispatch(deps);
  }
  return summary;
}

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
  if (pending > 0 && !clock) {
    again = true;
    return Response.json({ queued: true }, { status: 202 });
  }
  pending++;
  const run = chain.then(() => drain(clock));
  chain = run.catch(() => {});
  try {
    return Response.json(await run);
  } catch (error) {
    console.error('notify-dispatch:', error instanceof Error ? error.message : error);
    return Response.json(
      { code: 'dispatch_failed', message: 'The dispatcher could not reach the database.' },
      { status: 502 },
    );
  } finally {
    pending--;
  }
});
