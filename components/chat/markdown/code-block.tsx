'use client';

import { type CSSProperties, memo, useEffect, useState } from 'react';
import { CopyButton } from '@/components/chat/message/copy-button';
import type { HighlightedLines } from './highlight';

export interface CodeBlockProps {
  code: string;
  /** Fence info language (e.g. "ts"), or null when the fence had none. */
  language: string | null;
  /** False while the fence is still streaming; highlighting waits until the code is final. */
  complete: boolean;
}

// Highlight results survive remounts (e.g. a conversation re-opened) without a plain-text flash.
const CACHE_LIMIT = 200;
const cache = new Map<string, HighlightedLines | null>();

const cacheKey = (code: string, language: string) => `${language}\u0000${code}`;

function remember(key: string, value: HighlightedLines | null) {
  if (cache.size >= CACHE_LIMIT) {
    const oldest = cache.keys().next();
    if (!oldest.done) cache.delete(oldest.value);
  }
  cache.set(key, value);
}

function useHighlight(code: string, language: string | null, enabled: boolean) {
  const key = language && enabled ? cacheKey(code, language) : null;
  const [result, setResult] = useState<{ key: string; lines: HighlightedLines | null } | null>(
    null,
  );

  useEffect(() => {
    if (!key || !language || cache.has(key)) return;
    let cancelled = false;
    // Shiki runs in a worker (highlight-client.ts): plain text until its tokens arrive.
    import('./highlight-client')
      .then(({ highlightOffThread }) => highlightOffThread(code, language))
      .catch(() => null)
      .then((lines) => {
        remember(key, lines);
        if (!cancelled) setResult({ key, lines });
      });
    return () => {
      cancelled = true;
    };
  }, [key, code, language]);

  if (!key) return null;
  if (result?.key === key) return result.lines;
  return cache.get(key) ?? null;
}

export const CodeBlock = memo(function CodeBlock({ code, language, complete }: CodeBlockProps) {
  const lines = useHighlight(code, language, complete);
  const label = language || 'text';

  return (
    <div className="my-3 overflow-hidden rounded-lg border border-zinc-200 bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900">
      <div className="flex items-center justify-between border-b border-zinc-200 px-3 py-1 dark:border-zinc-700">
        <span className="font-mono text-xs text-zinc-500 dark:text-zinc-400">{label}</span>
        <CopyButton text={code} label="Copy code" />
      </div>
      <pre
        data-language={language ?? undefined}
        data-highlighted={lines ? '' : undefined}
        className="overflow-x-auto p-3 text-sm leading-relaxed"
      >
        <code
          className={`font-mono text-zinc-800 dark:text-zinc-200 ${lines ? '[&_span]:text-(--shiki-light) dark:[&_span]:text-(--shiki-dark)' : ''}`}
        >
          {lines ? <HighlightedCode lines={lines} /> : code}
        </code>
      </pre>
    </div>
  );
});

/** Renders Shiki tokens as text nodes; colours arrive as CSS variables switched by `dark:`. */
function HighlightedCode({ lines }: { lines: HighlightedLines }) {
  return lines.map((line, i) => (
    // Lines and tokens never reorder, so their index is a stable key.
    // biome-ignore lint/suspicious/noArrayIndexKey: see above
    <span key={i}>
      {line.map((token, j) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <span key={j} style={tokenStyle(token.light, token.dark)}>
          {token.content}
        </span>
      ))}
      {i < lines.length - 1 ? '\n' : null}
    </span>
  ));
}

function tokenStyle(light: string | undefined, dark: string | undefined): CSSProperties {
  const style: Record<string, string> = {};
  if (light) style['--shiki-light'] = light;
  if (dark) style['--shiki-dark'] = dark;
  return style;
}
