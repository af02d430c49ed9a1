import 'server-only';
import { createTransport, type Transporter } from 'nodemailer';
import { getConfig } from '@/lib/server/config';
import { log } from '@/lib/server/log';

// Sending one mail: through SMTP_URL with nodemailer, or, in development without SMTP_URL, into
// the log (the link is what a developer needs). The transport is made once per process; it holds
// no state another request needs.

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

let transport: { url: string; transporter: Transporter } | undefined;

function transporterFor(url: string): Transporter {
  if (transport?.url !== url) {
    transport = {
      url,
      transporter: createTransport({
        url,
        // A stalled mail server must not hold a request's background work for minutes.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 20_000,
      }),
    };
  }
  return transport.transporter;
}

/** Whether this server can send account mail at all (SMTP, or the development log). */
export function canSendMail(): boolean {
  const { smtpUrl, logOnly } = getConfig().mail;
  return smtpUrl !== null || logOnly;
}

export async function sendMail(mail: OutgoingMail): Promise<void> {
  const { smtpUrl, from, logOnly } = getConfig().mail;
  if (smtpUrl) {
    await transporterFor(smtpUrl).sendMail({ from: from ?? undefined, ...mail });
    log.info({ subject: mail.subject }, 'account mail sent');
    return;
  }
  if (logOnly) {
    // Development only (`npm run dev` without SMTP_URL): the mail is printed, never sent.
    log.info({ to: mail.to, subject: mail.subject }, `mail not sent (no SMTP_URL):\n${mail.text}`);
    return;
  }
  throw new Error('No SMTP_URL: this Parley cannot send mail.');
}
