// Notifications under `npm start`: the operator's settings into the database (DISCORD_API_URL,
// PUSH_SERVICE_ORIGINS), the Edge Functions in Deno, and the dispatcher's schedule, which hosted
// Supabase runs with pg_net and pg_cron (README, "Deploying"): notify-dispatch is called when the
// outbox trigger says NOTIFY outbox, and every DISPATCH_INTERVAL_MS with {"clock": true}.
import { readFileSync } from 'node:fs';
import type { ServerContext } from '../context.ts';
import type { SmtpSettings } from '../mail/smtp.ts';
import { startEdgeFunctions, type EdgeFunctions } from './runtime.ts';
import type { VapidKeys } from './vapid.ts';

export interface NotifyOptions {
  /** Run supabase/functions in Deno (EDGE_FUNCTIONS=off: no functions, no dispatcher). */
  edgeFunctions: boolean;
  discordApiUrl?: string;
  /** Origins accepted as push endpoints besides the browsers' push services (space-separated). */
  pushServiceOrigins?: string;
  /** How often the schedule calls the dispatcher with the clock. */
  dispatchIntervalMs: number;
  /**
   * `[auth.email.smtp]`: the dispatcher mails through it as it would on hosted (SMTP_* secrets);
   * without it, through the stack's mailer (MAIL_SINK_URL, the local mailbox).
   */
  smtp?: SmtpSettings;
  /** Extra secrets for the functions (VAPID_SUBJECT, ...). */
  env?: Record<string, string>;
}

export interface Notifications {
  vapid: VapidKeys;
  functions?: EdgeFunctions;
  /** Calls notify-dispatch now (and once more if a call is already running). */
  dispatch(clock?: boolean): Promise<void>;
  close(): Promise<void>;
}

/** Writes the operator's settings where the database's rules read them (private.notify_settings). */
export async function applyNotifySettings(
  ctx: ServerContext,
  options: Pick<NotifyOptions, 'discordApiUrl' | 'pushServiceOrigins' | 'edgeFunctions'>,
) {
  const settings: [string, string | undefined][] = [
    ['discord_api_url', options.discordApiUrl?.replace(/\/+$/, '')],
    ['push_service_origins', options.pushServiceOrigins?.trim()],
    // The dispatcher sends mail (SMTP or the local mailbox) whenever it runs.
    ['email', options.edgeFunctions ? 'on' : undefined],
  ];
  // A database whose migrations do not have the notifications (an older checkout, a test fixture).
  const { rows } = await ctx.db.query<{ present: boolean }>(
    `select to_regclass('private.notify_settings') is not null as present`,
  );
  if (!rows[0]?.present) return;
  for (const [key, value] of settings) {
    if (value) {
      await ctx.db.query(
        'insert into private.notify_settings (key, value) values ($1, $2) on conflict (key) do update set value = excluded.value',
        [key, value],
      );
    } else {
      await ctx.db.query('delete from private.notify_settings where key = $1', [key]);
    }
  }
}

/** How the dispatcher sends mail: the SMTP server's secrets, or the stack's mail sink. */
function mailSecrets(ctx: ServerContext, smtp: SmtpSettings | undefined): Record<string, string> {
  if (!smtp) return { MAIL_SINK_URL: `${ctx.config.apiUrl}/mail/api/send` };
  // The certificate authorities the server trusts besides the usual ones (NODE_EXTRA_CA_CERTS, the
  // README's way to a private CA), so the function trusts the SMTP server the server's own mail does.
  const extra = process.env.NODE_EXTRA_CA_CERTS ? readFileSync(process.env.NODE_EXTRA_CA_CERTS, 'utf8') : undefined;
  const ca = smtp.tls?.ca ?? extra;
  return {
    SMTP_HOST: smtp.host,
    SMTP_PORT: String(smtp.port),
    SMTP_USER: smtp.user,
    SMTP_PASS: smtp.pass,
    SMTP_ADMIN_EMAIL: smtp.adminEmail,
    SMTP_SENDER_NAME: smtp.senderName,
    ...(ca ? { SMTP_CA: (Array.isArray(ca) ? ca : [ca]).map(String).join('\n') } : {}),
  };
}

export async function startNotifications(
  ctx: ServerContext,
  options: NotifyOptions & { vapid: VapidKeys; rootDir: string; quiet?: boolean },
): Promise<Notifications> {
  const vapid = options.vapid;
  await applyNotifySettings(ctx, options);
  if (!options.edgeFunctions) {
    return { vapid, dispatch: async () => {}, close: async () => {} };
  }
  const functions = await startEdgeFunctions({
    supabaseDir: ctx.config.supabaseDir,
    rootDir: options.rootDir,
    quiet: options.quiet,
    env: {
      ...options.env,
      SUPABASE_URL: ctx.config.apiUrl,
      SUPABASE_ANON_KEY: ctx.keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: ctx.keys.serviceRoleKey,
      SITE_URL: ctx.config.siteUrl,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: vapid.subject,
      DISCORD_API_URL: options.discordApiUrl || 'https://discord.com/api',
      ...mailSecrets(ctx, options.smtp),
    },
  });
  ctx.functionsUrl = functions.url;

  // One call at a time from here; a wake-up during a call asks for one more.
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  const call = async (clock: boolean) => {
    const response = await fetch(`${functions.url}/functions/v1/notify-dispatch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ctx.keys.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ clock }),
      signal: AbortSignal.timeout(60_000),
    });
    await response.arrayBuffer();
    if (!response.ok && !options.quiet) console.error(`[functions] notify-dispatch answered ${response.status}`);
  };
  const dispatch = async (clock = false): Promise<void> => {
    if (closed) return;
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        await call(clock);
        while (again && !closed) {
          again = false;
          await call(false);
        }
      } catch (error) {
        if (!options.quiet && !closed) console.error('[functions] notify-dispatch:', (error as Error).message);
      } finally {
        running = undefined;
      }
    })();
    return running;
  };
  const unlisten = await ctx.db.listen('outbox', () => void dispatch());
  const timer = setInterval(() => void dispatch(true), options.dispatchIntervalMs);
  timer.unref();
  void dispatch(true);
  return {
    vapid,
    functions,
    dispatch,
    async close() {
      closed = true;
      clearInterval(timer);
      await unlisten();
      await running?.catch(() => {});
      ctx.functionsUrl = undefined;
      await functions.close();
    },
  };
}
