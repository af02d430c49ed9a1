import 'server-only';
import type { OutgoingMail } from './send';

// The account mails, each as plain text and HTML. Links are built by the caller from the
// deployment's own origin (APP_URL, or the checked Host of the request). Every value placed in
// the HTML is escaped.

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

interface Part {
  text: string;
  link?: { url: string; label: string };
}

function compose(to: string, subject: string, parts: Part[]): OutgoingMail {
  const text = parts
    .map((p) => (p.link ? `${p.text}\n${p.link.url}` : p.text))
    .join('\n\n')
    .concat('\n\n— Parley\n');
  const html = [
    '<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">',
    ...parts.map((p) =>
      p.link
        ? `<p>${escapeHtml(p.text)}</p><p><a href="${escapeHtml(p.link.url)}">${escapeHtml(p.link.label)}</a></p>`
        : `<p>${escapeHtml(p.text)}</p>`,
    ),
    '<p>— Parley</p></body></html>',
  ].join('');
  return { to, subject, text, html };
}

const IGNORE = 'If you did not ask for this, ignore this mail: nothing changes.';

export function verificationMail(to: string, url: string, hours: number): OutgoingMail {
  return compose(to, 'Confirm your e-mail address for Parley', [
    {
      text: `Open this link to confirm that ${to} is yours. It works once, for ${hours} hours.`,
      link: { url, label: 'Confirm my address' },
    },
    { text: IGNORE },
  ]);
}

export function resetMail(to: string, url: string, minutes: number): OutgoingMail {
  return compose(to, 'Choose a new Parley password', [
    {
      text: `Someone (we hope you) asked to choose a new password for ${to}. This link works once, for ${minutes} minutes; using it signs out every browser signed in to the account.`,
      link: { url, label: 'Choose a new password' },
    },
    { text: IGNORE },
  ]);
}

export function existingAccountMail(to: string, signInUrl: string, resetUrl: string): OutgoingMail {
  return compose(to, 'You already have a Parley account', [
    {
      text: `Someone (we hope you) tried to create a Parley account for ${to}, but you already have one: no new account was made. Sign in:`,
      link: { url: signInUrl, label: 'Sign in' },
    },
    {
      text: 'Forgot your password? Choose a new one:',
      link: { url: resetUrl, label: 'Reset my password' },
    },
    { text: 'If this was not you, ignore this mail: your account is unchanged.' },
  ]);
}
