// A real SMTP server on loopback (smtp-server) that keeps every message it receives, parsed
// with mailparser, for tests to read: Parley's mail goes through nodemailer and the SMTP protocol
// exactly as it would to a provider. Optional AUTH PLAIN/LOGIN with one user, to check that the
// credentials in SMTP_URL are used.
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Every http(s) link in the plain-text body, in order. */
  links: string[];
  /** The SMTP user that sent it (null without AUTH). */
  user: string | null;
  at: number;
}

export interface SmtpCatcher {
  /** `smtp://user:password@127.0.0.1:PORT` (without credentials when none were given). */
  url: string;
  port: number;
  mails(): CaughtMail[];
  /** The mails to `address` (case-insensitive), oldest first. */
  mailsTo(address: string): CaughtMail[];
  /** Waits for the `count`th mail to `address` (default: one more than there are now). */
  waitFor(address: string, options?: { count?: number; timeoutMs?: number }): Promise<CaughtMail>;
  clear(): void;
  close(): Promise<void>;
}

export async function startSmtpCatcher(
  options: { port?: number; user?: string; password?: string } = {},
): Promise<SmtpCatcher> {
  const caught: CaughtMail[] = [];
  const { user, password } = options;
  const server = new SMTPServer({
    // Plain SMTP on loopback: no certificate to make, and STARTTLS is not advertised.
    disabledCommands: user ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !user,
    allowInsecureAuth: true,
    logger: false,
    size: 1024 * 1024,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === password) {
        callback(null, { user: auth.username });
      } else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const text = parsed.text ?? '';
          caught.push({
            from: parsed.from?.text ?? '',
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text,
            html: typeof parsed.html === 'string' ? parsed.html : '',
            links: text.match(/https?:\/\/\S+/g) ?? [],
            user: typeof session.user === 'string' ? session.user : null,
            at: Date.now(),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  const auth = user ? `${encodeURIComponent(user)}:${encodeURIComponent(password ?? '')}@` : '';
  const mailsTo = (address: string) => caught.filter((m) => m.to.includes(address.toLowerCase()));
  return {
    url: `smtp://${auth}127.0.0.1:${port}`,
    port,
    mails: () => [...caught],
    mailsTo,
    async waitFor(address, { count, timeoutMs = 10_000 } = {}) {
      const want = count ?? mailsTo(address).length + 1;
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = mailsTo(address)[want - 1];
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`no mail #${want} to ${address} within ${timeoutMs} ms`);
    },
    clear: () => {
      caught.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
