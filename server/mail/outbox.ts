// The one way server code sends mail (Auth's links, the site's notifications): `mailer.send(mail)`.
// With `[auth.email.smtp]` the mail is written to outbox.mail (in the caller's transaction when it
// gives one, so a mail is queued exactly when what it tells of is committed) and delivered through
// the SMTP server; a refusal or an unreachable server is tried again later, with growing waits, for
// up to three days, and a restart tries every waiting mail at once. Without SMTP it goes into the
// local mailbox at once, as before.
import type { Database, Queryable } from '../db/database.ts';
import { logError } from '../shared/log.ts';
import type { Mailbox } from './mailbox.ts';
import { smtpSender, type SmtpSender, type SmtpSettings } from './smtp.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail is about (the local mailbox shows it as a button). */
  link?: string;
}

export interface Mailer {
  /** Queues the mail; resolves once it is stored (SMTP) or in the mailbox. */
  send(mail: OutgoingMail, q?: Queryable): Promise<void>;
  /** Tries every waiting mail now (a restart does the same). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface OutboxOptions {
  /** The first wait after a failed attempt; it doubles up to an hour. Default a minute (tests: less). */
  retryBaseMs?: number;
  /** How often waiting mail is looked for besides the nudge after each send. Default 5 s. */
  pollMs?: number;
}

const MAX_WAIT_MS = 60 * 60_000;
const GIVE_UP_AFTER = '3 days';
/** A mail taken for delivery is not taken again by another process for this long. */
const LEASE = '10 minutes';
const BATCH = 20;

interface Row {
  id: string;
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string;
  attempts: number;
}

export function createMailer(db: Database, mailbox: Mailbox, smtp?: SmtpSettings, options: OutboxOptions = {}): Mailer {
  if (!smtp) {
    return {
      async send(mail) {
        mailbox.send({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, link: mail.link });
      },
      flush: async () => {},
      close: async () => {},
    };
  }
  return new Outbox(db, smtpSender(smtp), options);
}

class Outbox implements Mailer {
  private readonly retryBaseMs: number;
  private readonly timer: NodeJS.Timeout;
  private running: Promise<void> | undefined;
  private again = false;
  private closed = false;
  private cleanedAt = 0;

  constructor(
    private readonly db: Database,
    private readonly sender: SmtpSender,
    options: OutboxOptions,
  ) {
    this.retryBaseMs = options.retryBaseMs ?? 60_000;
    this.timer = setInterval(() => void this.deliver(), options.pollMs ?? 5_000);
    this.timer.unref();
    // After a restart, what waited is tried at once: the server may be back, or its settings fixed.
    void this.flush();
  }

  async send(mail: OutgoingMail, q: Queryable = this.db): Promise<void> {
    await q.query('insert into outbox.mail (recipient, subject, text_body, html_body) values ($1, $2, $3, $4)', [
      mail.to,
      mail.subject,
      mail.text,
      mail.html,
    ]);
    // Inside a transaction the row appears at its commit: the nudge comes just after, the poll later.
    setTimeout(() => void this.deliver(), q === this.db ? 0 : 20).unref();
  }

  async flush(): Promise<void> {
    await this.db
      .query(`update outbox.mail set next_attempt_at = now() where sent_at is null and next_attempt_at < 'infinity'`)
      .catch((error) => logError('mail', 'could not reschedule the outbox', error));
    await this.deliver();
  }

  /** One delivery run at a time; a nudge during a run makes it look again when it ends. */
  private deliver(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.deliverDue().catch((error) => logError('mail', 'outbox delivery failed', error));
      } while (this.again && !this.closed);
    })().finally(() => (this.running = undefined));
    return this.running;
  }

  private async deliverDue(): Promise<void> {
    // Delivered mail is kept a week (what went out, for the operator), then dropped, looked at hourly.
    if (Date.now() - this.cleanedAt > 60 * 60_000) {
      this.cleanedAt = Date.now();
      await this.db.query(`delete from outbox.mail where sent_at < now() - interval '7 days'`);
    }
    for (;;) {
      const { rows } = await this.db.query<Row>(
        `update outbox.mail set next_attempt_at = now() + interval '${LEASE}'
         where id in (select id from outbox.mail where sent_at is null and next_attempt_at <= now()
                      order by id limit ${BATCH} for update skip locked)
         returning id, recipient, subject, text_body, html_body, attempts`,
      );
      if (rows.length === 0 || this.closed) return;
      for (const row of rows) await this.attempt(row);
    }
  }

  private async attempt(row: Row): Promise<void> {
    try {
      await this.sender.send({ to: row.recipient, subject: row.subject, text: row.text_body, html: row.html_body });
      await this.db.query(
        'update outbox.mail set sent_at = now(), attempts = attempts + 1, last_error = null where id = $1',
        [row.id],
      );
    } catch (error) {
      const waitMs = Math.min(MAX_WAIT_MS, this.retryBaseMs * 2 ** row.attempts);
      const reason = (error as Error).message.slice(0, 500);
      const { rows } = await this.db.query<{ gave_up: boolean }>(
        `update outbox.mail set attempts = attempts + 1, last_error = $2,
           next_attempt_at = case when created_at < now() - interval '${GIVE_UP_AFTER}' then 'infinity'
                                  else now() + make_interval(secs => $3) end
         where id = $1 returning next_attempt_at = 'infinity' as gave_up`,
        [row.id, reason, waitMs / 1000],
      );
      console.warn(
        rows[0]?.gave_up
          ? `[mail] gave up on mail ${row.id} to ${row.recipient} after ${GIVE_UP_AFTER}: ${reason}`
          : `[mail] mail ${row.id} to ${row.recipient} not delivered (${reason}); trying again in ${Math.round(waitMs / 1000)} s`,
      );
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    await this.running;
    this.sender.close();
  }
}
