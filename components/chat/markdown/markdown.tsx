'use client';

import { memo, useRef } from 'react';
import ReactMarkdown from 'react-markdown';
import { hasMathSyntax, normalizeMath } from './math-delimiters';
import { markdownComponents } from './markdown-components';
import { OpenFenceContext } from './open-fence-context';
import { basePlugins, type PluginSet } from './plugins';
import { type BlockSplit, extendBlocks } from './split-blocks';
import { repairStreamingMarkdown } from './streaming-repair';
import { useMathPlugins } from './use-math-plugins';
import { useShownBlocks } from './use-shown-blocks';

export interface MarkdownProps {
  /** Markdown source. Raw HTML in it renders as inert text. */
  text: string;
  /** True while `text` is still growing: repairs the tail and shows the caret after it. */
  streaming?: boolean;
  className?: string;
}

/** Final blocks are rendered in groups of this many, so a new token reconciles few elements. */
const GROUP = 16;

interface Group {
  blocks: readonly string[];
  math: readonly boolean[];
}

/** What a growing text's rendering keeps between updates: its split and its full groups. */
interface Kept {
  split: BlockSplit | null;
  groups: Group[];
}

/** Full groups of final blocks stay the same objects while the text grows (see BlockGroup). */
function fullGroups(kept: Kept, split: BlockSplit): Group[] {
  const count = Math.floor(split.final / GROUP);
  const groups = kept.groups.slice(0, count);
  for (let g = 0; g < count; g++) {
    const blocks = split.blocks.slice(g * GROUP, (g + 1) * GROUP);
    if (groups[g]?.blocks.every((b, i) => b === blocks[i])) continue;
    groups[g] = { blocks, math: blocks.map(hasMathSyntax) };
  }
  return groups;
}

/**
 * Renders model output. The text is split into top-level blocks (incrementally while it grows:
 * only the open block is scanned again); final blocks render in memoised groups, so a new token
 * re-parses and re-renders only the last block. A large text arriving at once renders a part
 * per task (useShownBlocks), so the page keeps responding.
 */
export const Markdown = memo(function Markdown({
  text,
  streaming = false,
  className,
}: MarkdownProps) {
  const kept = useRef<Kept>({ split: null, groups: [] });
  const split = extendBlocks(kept.current.split, text);
  const groups =
    split === kept.current.split ? kept.current.groups : fullGroups(kept.current, split);
  kept.current = { split, groups };

  const { blocks } = split;
  const shown = useShownBlocks(blocks, streaming);
  const shownGroups: Group[] = [];
  for (let from = 0; from < shown; from += GROUP) {
    const full = groups[from / GROUP];
    if (full && from + GROUP <= shown) shownGroups.push(full);
    else {
      const part = blocks.slice(from, Math.min(shown, from + GROUP));
      shownGroups.push({ blocks: part, math: part.map(hasMathSyntax) });
    }
  }
  const math = useMathPlugins(shownGroups.some((g) => g.math.includes(true)));
  // The caret follows the last block, once every block is on screen.
  const caretAt = streaming && shown === blocks.length ? blocks.length - 1 : -1;

  return (
    // data-markdown: the message list styles the blocks of an answer streamed into the page.
    <div data-markdown="" className={`min-w-0 break-words ${className ?? ''}`}>
      {shownGroups.map((group, g) => (
        <BlockGroup
          // Blocks only ever grow at the end, so position is a stable identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={g}
          group={group}
          streamingAt={Math.floor(caretAt / GROUP) === g ? caretAt % GROUP : -1}
          math={math}
        />
      ))}
    </div>
  );
});

/**
 * A group of final blocks: the same object while the text grows, so it never re-renders. It is
 * one element too, so a streamed answer's off-screen text is skipped a group at a time
 * (content-visibility, virtual-row.tsx): per block, each block leaving the screen cost a frame
 * of its own. Margins between groups: app/globals.css.
 */
const BlockGroup = memo(function BlockGroup({
  group,
  streamingAt,
  math,
}: {
  group: Group;
  /** Index of the block still being written, in this group (else out of range). */
  streamingAt: number;
  math: PluginSet | null;
}) {
  return (
    <div data-markdown-group="">
      {group.blocks.map((block, i) => (
        <MarkdownBlock
          // biome-ignore lint/suspicious/noArrayIndexKey: blocks never move
          key={i}
          text={block}
          streaming={i === streamingAt}
          math={group.math[i] ? math : null}
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
