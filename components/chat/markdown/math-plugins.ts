// Loaded with import() only when a message contains math, so KaTeX (JS, fonts and CSS) stays out
// of the initial bundle. The stylesheet is imported here so it travels with this lazy chunk.
import 'katex/dist/katex.min.css';
import rehypeKatex, { type Options as KatexOptions } from 'rehype-katex';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import type { PluginSet, RehypePlugins, RemarkPlugins } from './plugins';
import { rehypeStreamingCaret } from './streaming-caret';

// Single-dollar math is off: normalizeMath() rewrites $…$ that look like math into $$…$$ and
// leaves prices alone. rehype-katex renders invalid TeX as red source text instead of throwing;
// `trust` stays false so \href and friends cannot produce links or HTML.
const katexOptions: KatexOptions = { strict: 'ignore' };
const remark: RemarkPlugins = [remarkGfm, [remarkMath, { singleDollarTextMath: false }]];
const rehype: RehypePlugins = [[rehypeKatex, katexOptions]];

export const mathPlugins: PluginSet = {
  remark,
  rehype,
  withCaret: { remark, rehype: [...rehype, rehypeStreamingCaret] },
};
