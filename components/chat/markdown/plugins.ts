import type { Options } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { rehypeStreamingCaret } from './streaming-caret';

export type RemarkPlugins = NonNullable<Options['remarkPlugins']>;
export type RehypePlugins = NonNullable<Options['rehypePlugins']>;

/** One fixed plugin configuration; module-level constants so memoised blocks compare by reference. */
export interface PluginSet {
  remark: RemarkPlugins;
  rehype: RehypePlugins;
  /** Same configuration plus the streaming caret, for the last block of a streaming message. */
  withCaret: { remark: RemarkPlugins; rehype: RehypePlugins };
}

const baseRemark: RemarkPlugins = [remarkGfm];

export const basePlugins: PluginSet = {
  remark: baseRemark,
  rehype: [],
  withCaret: { remark: baseRemark, rehype: [rehypeStreamingCaret] },
};
