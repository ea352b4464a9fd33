// A real SMTP server for tests (smtp-server), with a certificate for localhost made for the run: it
// offers STARTTLS or not, asks for AUTH (brawlcup / smtp-secret), can refuse every mail for a while,
// and keeps what it received, parsed (mailparser), for tests to wait for.
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import selfsigned from 'selfsigned';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import type { SmtpSettings } from '../mail/smtp.ts';

export interface Received {
  from: string;
  to: string;
  subject: string;
  text: string;
  secure: boolean;
  user?: string;
}

export interface TestSmtpServer {
  port: number;
  received: Received[];
  /** Refuse every mail (451 at RCPT TO) until set back to false. */
  refuse: boolean;
  /** Waits until a mail to `to` has arrived and returns it. */
  mailTo(to: string): Promise<Received>;
  close(): Promise<void>;
}

let certificate: Promise<{ key: string; cert: string }> | undefined;
export function localhostCertificate() {
  certificate ??= Promise.resolve(
    selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
      notAfterDate: new Date(Date.now() + 2 * 86_400_000),
      keyType: 'ec',
      // Deno's TLS (rustls, the Edge Functions') refuses SHA-1 signatures, selfsigned's default.
      algorithm: 'sha256',
    }),
  ).then((pems) => ({ key: pems.private, cert: pems.cert }));
  return certificate;
}

export async function startSmtpServer(options: { starttls: boolean; port?: number }): Promise<TestSmtpServer> {
  const { key, cert } = await localhostCertificate();
  const received: Received[] = [];
  const waiting: { to: string; done: (m: Received) => void }[] = [];
  const state = { refuse: false };
  const config: SMTPServerOptions = {
    key,
    cert,
    hideSTARTTLS: !options.starttls,
    authOptional: false,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, done) {
      if (auth.username === 'brawlcup' && auth.password === 'smtp-secret') return done(null, { user: auth.username });
      done(new Error('Invalid username or password'));
    },
    onRcptTo(_address, _session, done) {
      if (state.refuse) {
        const error = new Error('Mailbox temporarily unavailable') as Error & { responseCode: number };
        error.responseCode = 451;
        return done(error);
      }
      done();
    },
    onData(stream, session, done) {
      simpleParser(stream).then(
        (mail) => {
          const message: Received = {
            from: mail.from?.text ?? '',
            to: session.envelope.rcptTo.map((r) => r.address).join(', '),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            secure: session.secure,
            user: session.user as string | undefined,
          };
          received.push(message);
          for (const w of waiting.filter((w) => message.to === w.to)) w.done(message);
          done();
        },
        (error: Error) => done(error),
      );
    },
  };
  const server = new SMTPServer(config);
  // A client that refuses the certificate ends its TLS handshake: that client's failure, not the test's.
  server.on('error', () => {});
  await new Promise<void>((done) => server.listen(options.port ?? 0, '127.0.0.1', done));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    get refuse() {
      return state.refuse;
    },
    set refuse(value: boolean) {
      state.refuse = value;
    },
    mailTo: (to) =>
      new Promise((done) => {
        const already = received.find((m) => m.to === to);
        if (already) return done(already);
        waiting.push({ to, done });
      }),
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** `[auth.email.smtp]` for this server, trusting its certificate. */
export async function smtpSettings(port: number): Promise<SmtpSettings> {
  return {
    host: 'localhost',
    port,
    user: 'brawlcup',
    pass: 'smtp-secret',
    adminEmail: 'no-reply@brawlcup.test',
    senderName: 'BrawlCup',
    tls: { ca: (await localhostCertificate()).cert },
  };
}
