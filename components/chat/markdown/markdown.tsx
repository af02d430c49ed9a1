'use client';

import { memo } from 'react';
import ReactMarkdown from 'react-markdown';
import { hasMathSyntax, normalizeMath } from './math-delimiters';
import { markdownComponents } from './markdown-components';
import { OpenFenceContext } from './open-fence-context';
import { basePlugins, type PluginSet } from './plugins';
import { splitBlocks } from './split-blocks';
import { repairStreamingMarkdown } from './streaming-repair';
import { useMathPlugins } from './use-math-plugins';

export interface MarkdownProps {
  /** Markdown source. Raw HTML in it renders as inert text. */
  text: string;
  /** True while `text` is still growing: repairs the tail and shows the caret after it. */
  streaming?: boolean;
  className?: string;
}

/**
 * Renders model output. The text is split into top-level blocks, each a memoised component keyed
 * by position, so a new token re-parses only the last block.
 */
export const Markdown = memo(function Markdown({
  text,
  streaming = false,
  className,
}: MarkdownProps) {
  const blocks = splitBlocks(text);
  const mathFlags = blocks.map(hasMathSyntax);
  const math = useMathPlugins(mathFlags.includes(true));

  return (
    // data-markdown: the message list styles the blocks of an answer streamed into the page.
    <div data-markdown="" className={`min-w-0 break-words ${className ?? ''}`}>
      {blocks.map((block, index) => (
        <MarkdownBlock
          // Blocks only ever grow at the end, so position is a stable identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          text={block}
          streaming={streaming && index === blocks.length - 1}
          math={mathFlags[index] ? math : null}
        />
      ))}
    </div>
  );
});

interface MarkdownBlockProps {
  text: string;
  streaming: boolean;
  /** Math plugins when this block contains math and they have loaded. */
  math: PluginSet | null;
}

const MarkdownBlock = memo(function MarkdownBlock({ text, streaming, math }: MarkdownBlockProps) {
  const plugins = math ?? basePlugins;
  // Normalise first: the repair reports an offset into the text that is actually parsed.
  const normalized = math ? normalizeMath(text) : text;
  const { text: source, openFenceStart } = streaming
    ? repairStreamingMarkdown(normalized)
    : { text: normalized, openFenceStart: null };
  const { remark, rehype } = streaming ? plugins.withCaret : plugins;

  return (
    <OpenFenceContext value={openFenceStart}>
      <ReactMarkdown remarkPlugins={remark} rehypePlugins={rehype} components={markdownComponents}>
        {source}
      </ReactMarkdown>
    </OpenFenceContext>
  );
});
