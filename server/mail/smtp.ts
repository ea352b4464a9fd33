// `[auth.email.smtp]` of config.toml: the SMTP server Auth's and the site's mail leaves through.

/** The CLI's keys (host, port, user, pass, admin_email, sender_name). */
export interface SmtpSettings {
  host: string;
  port: number;
  user: string;
  pass: string;
  adminEmail: string;
  senderName: string;
}
