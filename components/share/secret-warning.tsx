import type { SecretFinding } from '@/lib/share/types';

const ROLE_LABEL: Record<string, string> = {
  user: 'your message',
  assistant: 'an answer',
  tool: 'a tool result',
  system: 'the system prompt',
};

/** Shown before sharing when the conversation holds text that looks like a credential. */
export function SecretWarning({ findings }: { findings: SecretFinding[] }) {
  if (findings.length === 0) return null;
  return (
    <div
      role="alert"
      className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p className="font-medium">This conversation may contain secrets</p>
      <ul className="list-disc pl-5">
        {findings.slice(0, 5).map((f) => (
          <li key={`${f.messageIndex}-${f.kind}-${f.preview}`}>
            {f.label} in {ROLE_LABEL[f.role] ?? 'a message'} (message {f.messageIndex + 1}):{' '}
            <code className="font-mono">{f.preview}</code>
          </li>
        ))}
      </ul>
      {findings.length > 5 ? <p>…and {findings.length - 5} more.</p> : null}
      <p>
        Anyone with the link will be able to read them. If a key is real, rotate it with its
        provider, or share a conversation that does not contain it.
      </p>
    </div>
  );
}
