'use client';
import { useRouter } from 'next/navigation';
import { primaryButtonClass } from '@/components/ui/styles';
import { useSharedAssistantCopy } from '@/lib/queries/assistants';

/** Copies a shared assistant into the visitor's own list, then opens a new chat with it. */
export function UseAssistantButton({ shareId, name }: { shareId: string; name: string }) {
  const router = useRouter();
  const copy = useSharedAssistantCopy();
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className={`${primaryButtonClass} self-start`}
        disabled={copy.isPending}
        onClick={() =>
          copy.mutate(shareId, {
            onSuccess: (result) => {
              if (result) router.push(`/?assistant=${encodeURIComponent(result.assistant.id)}`);
            },
          })
        }
      >
        Use this assistant
      </button>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Adds a copy of {name} to your assistants.
      </p>
      {copy.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {copy.error.message}
        </p>
      ) : null}
    </div>
  );
}
