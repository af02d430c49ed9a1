import type { ModelBadge } from '@/lib/chat/api-types';

export function EmptyState({ badge }: { badge: ModelBadge }) {
  return (
    <div className="mt-16 flex flex-col items-center gap-3 text-center">
      <h2 className="text-2xl font-semibold">How can I help?</h2>
      {badge.demo ? (
        <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">
          You are talking to <strong>{badge.label}</strong>, a built-in model that needs no setup.
          Set <code>OPENAI_BASE_URL</code> and <code>OPENAI_API_KEY</code> on the server to connect
          a real provider.
        </p>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Model: {badge.label}</p>
      )}
    </div>
  );
}
