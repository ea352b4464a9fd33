// `[auth.email.smtp]` of config.toml: the SMTP server Auth's and the site's mail leaves through,
// spoken by nodemailer: implicit TLS on port 465, STARTTLS whenever the server offers it on the
// others (as GoTrue's mailer does), the server's certificate checked.
import type { ConnectionOptions } from 'node:tls';
import type { Transporter } from 'nodemailer';

/** The CLI's keys (host, port, user, pass, admin_email, sender_name). */
export interface SmtpSettings {
  host: string;
  port: number;
  user: string;
  pass: string;
  adminEmail: string;
  senderName: string;
  /** Extra TLS options (a test's own certificate authority); not a config.toml key. */
  tls?: ConnectionOptions;
}

export interface SmtpMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface SmtpSender {
  send(message: SmtpMessage): Promise<void>;
  close(): void;
}

export function smtpSender(settings: SmtpSettings): SmtpSender {
  // nodemailer is loaded with the first mail: a site without SMTP never holds it (bench/memory).
  let transport: Promise<Transporter> | undefined;
  const open = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        host: settings.host,
        port: settings.port,
        secure: settings.port === 465,
        auth: settings.user ? { user: settings.user, pass: settings.pass } : undefined,
        tls: settings.tls,
        // A server that does not answer holds one delivery, not the outbox.
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 60_000,
      }),
    ));
  return {
    async send(message) {
      await (
        await open()
      ).sendMail({
        from: { name: settings.senderName, address: settings.adminEmail },
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    close: () => void transport?.then((t) => t.close()),
  };
}
