// Finds text that looks like a credential, so the share dialog can warn before a link goes out.
// Pure. Tuned to be specific: a warning on every long word would teach people to ignore it.

import type { Role } from '@/lib/chat/types';
import type { SecretFinding } from '@/lib/share/types';

interface Detector {
  kind: string;
  label: string;
  pattern: RegExp;
  /** Which capture group holds the secret itself (default: the whole match). */
  group?: number;
  /** Rejects matches that are clearly placeholders or code. */
  accept?: (value: string) => boolean;
}

const PLACEHOLDER = /^(?:\*+|x+|\.+|•+|-+|_+|<.*>|\{.*\}|\[.*\]|\$.*|%.*%|null|none|true|false)$/i;
// `password = os.environ["PW"]`, `secret: config.secret`, `token=getToken()` name a value, not show it.
const CODE_REFERENCE = /^[A-Za-z_$][\w$]*(?:\.[\w$]+)+$|[([]/;

const DETECTORS: readonly Detector[] = [
  {
    kind: 'private_key',
    label: 'Private key',
    pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g,
  },
  {
    kind: 'api_key',
    label: 'API key (sk-…)',
    pattern: /(?<![\w-])sk-(?:proj-|svcacct-|admin-|ant-(?:api\d+-)?)?[A-Za-z0-9_-]{20,}/g,
  },
  {
    kind: 'github_token',
    label: 'GitHub token',
    pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{22,})\b/g,
  },
  {
    kind: 'aws_access_key',
    label: 'AWS access key',
    pattern: /\b(?:AKIA|ASIA|ABIA|ACCA)[0-9A-Z]{16}\b/g,
  },
  {
    kind: 'aws_secret_key',
    label: 'AWS secret key',
    pattern: /aws_secret_access_key["']?\s*[:=]\s*["']?([A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/gi,
    group: 1,
  },
  {
    kind: 'slack_token',
    label: 'Slack token',
    pattern:
      /\bxox[abposr]-[A-Za-z0-9-]{10,}|https:\/\/hooks\.slack\.com\/services\/T[A-Za-z0-9]+\/B[A-Za-z0-9]+\/[A-Za-z0-9]+/g,
  },
  {
    kind: 'stripe_key',
    label: 'Stripe key',
    pattern: /\b[rs]k_(?:live|test)_[A-Za-z0-9]{16,}\b/g,
  },
  {
    kind: 'google_api_key',
    label: 'Google API key',
    pattern: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g,
  },
  {
    kind: 'jwt',
    label: 'JSON Web Token',
    pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g,
  },
  {
    kind: 'bearer_token',
    label: 'Bearer token',
    pattern: /\bBearer\s+([A-Za-z0-9._~+/-]{20,}=*)/g,
    group: 1,
  },
  {
    kind: 'password',
    label: 'Password or secret in an assignment',
    pattern:
      /\b(?:password|passwd|pwd|pass|secret|client[_-]?secret|api[_-]?key|access[_-]?token|auth[_-]?token|private[_-]?key)["']?\s*[:=]\s*["'`]?([^\s"'`,;]{6,})/gi,
    group: 1,
    accept: (value) => !PLACEHOLDER.test(value) && !CODE_REFERENCE.test(value),
  },
];

/** Enough of the secret to recognise it, never enough to use it. */
export function maskSecret(value: string): string {
  if (value.startsWith('-----BEGIN')) return value;
  const shown = Math.min(4, Math.floor(value.length / 4));
  return `${value.slice(0, shown)}…`;
}

/** Every credential-looking string in `text`, once per kind and value, in order of appearance. */
export function scanText(text: string): { kind: string; label: string; value: string }[] {
  const found: { kind: string; label: string; value: string; at: number }[] = [];
  const seen = new Set<string>();
  for (const detector of DETECTORS) {
    for (const match of text.matchAll(detector.pattern)) {
      const value = match[detector.group ?? 0];
      if (!value || (detector.accept && !detector.accept(value))) continue;
      // A value already reported by a more specific detector (e.g. a JWT after "Bearer").
      if ([...seen].some((s) => s.includes(value) || value.includes(s))) continue;
      seen.add(value);
      found.push({ kind: detector.kind, label: detector.label, value, at: match.index ?? 0 });
    }
  }
  return found
    .sort((a, b) => a.at - b.at)
    .map(({ kind, label, value }) => ({ kind, label, value }));
}

export interface ScannableMessage {
  role: Role;
  content: string;
  reasoning?: string | null;
  toolCalls?: { function: { arguments: string } }[] | null;
}

/** Findings across a whole branch: message text, reasoning, tool arguments and tool results. */
export function scanMessages(messages: readonly ScannableMessage[]): SecretFinding[] {
  return messages.flatMap((message, messageIndex) => {
    const parts = [
      message.content,
      message.reasoning ?? '',
      ...(message.toolCalls ?? []).map((c) => c.function.arguments),
    ];
    return scanText(parts.join('\n')).map(({ kind, label, value }) => ({
      kind,
      label,
      messageIndex,
      role: message.role,
      preview: maskSecret(value),
    }));
  });
}
