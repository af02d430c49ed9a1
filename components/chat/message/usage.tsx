import type { Usage } from '@/lib/chat/types';
import { formatUsage } from './format';

export interface MessageUsageProps {
  usage: Usage | null;
}

/** Token counts for one answer, muted; renders nothing when the provider sent none. */
export function MessageUsage({ usage }: MessageUsageProps) {
  const text = formatUsage(usage);
  if (!text) return null;
  return (
    <p data-testid="usage" className="text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
      {text}
    </p>
  );
}
