// How the dispatcher sends mail: through SMTP (SMTP_HOST ... as Auth's [auth.email.smtp]: implicit
// TLS on 465, STARTTLS when offered elsewhere, the certificate checked), or under `npm start` without
// SMTP through the local stack's mailer (MAIL_SINK_URL, the service role's only), which puts it in the
// local mailbox. Neither: no mail (notify_settings 'email' stays off, so none is queued).
import nodemailer from 'npm:nodemailer@10';
import type { Mail } from './dispatch.ts';

type Env = (name: string, fallback?: string) => string;

export function mailSender(env: Env, serviceKey: string): ((mail: Mail) => Promise<void>) | undefined {
  const host = env('SMTP_HOST');
  if (host) {
    const port = Number(env('SMTP_PORT', '587')) || 587;
    const user = env('SMTP_USER');
    const ca = env('SMTP_CA');
    const transport = nodemailer.createTransport({
      host,
      port,
      secure: port === 465,
      auth: user ? { user, pass: env('SMTP_PASS') } : undefined,
      // SMTP_CA: the private certificate authority of the SMTP server (it replaces the usual roots).
      tls: ca ? { ca } : undefined,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
    const from = {
      name: env('SMTP_SENDER_NAME', 'BrawlCup'),
      address: env('SMTP_ADMIN_EMAIL', 'admin@brawlcup.local'),
    };
    return async (mail) => {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    };
  }
  const sink = env('MAIL_SINK_URL');
  if (sink) {
    return async (mail) => {
      const response = await fetch(sink, {
        method: 'POST',
        headers: { authorization: `Bearer ${serviceKey}`, 'content-type': 'application/json' },
        body: JSON.stringify(mail),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`the mail sink answered ${response.status}: ${text.slice(0, 200)}`);
    };
  }
  return undefined;
}
