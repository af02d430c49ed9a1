import type { Element, ElementContent } from 'hast';
import { createElement, type ReactNode, useContext } from 'react';
import type { Components } from 'react-markdown';
import { CodeBlock } from './code-block';
import { OpenFenceContext } from './open-fence-context';

// The element map handed to react-markdown. Defined once at module scope so memoised blocks are
// not invalidated by a new object each render. Raw HTML never reaches here: react-markdown turns
// it into text, and its default urlTransform blanks javascript:/data: URLs before we see them.

interface PassThroughProps {
  node?: unknown;
  className?: string;
  children?: ReactNode;
}

/**
 * An element with fixed classes; other props (align, start, checked…) pass through untouched.
 * Only ever called at module scope below, so each tag gets one stable component.
 */
function styled(tag: string, className: string) {
  return ({ node: _node, className: own, ...rest }: PassThroughProps) =>
    // Keep classes from the markdown pipeline (task lists, footnotes' sr-only heading).
    createElement(tag, { ...rest, className: own ? `${own} ${className}` : className });
}

const linkClass =
  'font-medium text-zinc-900 underline decoration-zinc-400 underline-offset-2 hover:decoration-zinc-900 focus-visible:rounded-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-zinc-500 dark:text-zinc-100 dark:decoration-zinc-500 dark:hover:decoration-zinc-100';

interface LinkProps extends PassThroughProps {
  href?: string;
  title?: string;
}

function MarkdownLink({ node: _node, href, children, ...rest }: LinkProps) {
  // An empty href means urlTransform rejected the URL (e.g. javascript:); keep only the text.
  if (!href) return <span>{children}</span>;
  const external = !href.startsWith('#');
  return (
    <a
      {...rest}
      href={href}
      className={linkClass}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {})}
    >
      {children}
    </a>
  );
}

interface ImageProps {
  node?: unknown;
  src?: unknown;
  alt?: string;
}

// Remote images are not loaded automatically: an image URL written by the model could leak
// conversation data to a third party the moment it renders. Show a link the user can choose to open.
function MarkdownImage({ src, alt }: ImageProps) {
  const text = alt?.trim() ? `Image: ${alt.trim()}` : 'Image';
  if (typeof src !== 'string' || src === '') return <span>[{text}]</span>;
  return (
    <a href={src} target="_blank" rel="noopener noreferrer nofollow" className={linkClass}>
      [{text}]
    </a>
  );
}

function MarkdownTable({ node: _node, ...rest }: PassThroughProps) {
  return (
    <div className="my-3 overflow-x-auto">
      <table {...rest} className="w-full border-collapse text-sm" />
    </div>
  );
}

function InlineCode({ node: _node, children }: PassThroughProps) {
  return (
    <code className="rounded bg-zinc-100 px-1 py-0.5 font-mono text-[0.875em] text-zinc-900 dark:bg-zinc-800 dark:text-zinc-100">
      {children}
    </code>
  );
}

function MarkdownPre({ node }: { node?: Element }) {
  const openFenceStart = useContext(OpenFenceContext);
  const code = node?.children.find(
    (child): child is Element => child.type === 'element' && child.tagName === 'code',
  );
  const start = node?.position?.start.offset;
  const complete = openFenceStart === null || start === undefined || start < openFenceStart;
  return (
    <CodeBlock
      code={textOf(code).replace(/\n$/, '')}
      language={languageOf(code)}
      complete={complete}
    />
  );
}

function textOf(node: ElementContent | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value;
  if (node.type === 'element') return node.children.map(textOf).join('');
  return '';
}

function languageOf(code: Element | undefined): string | null {
  const classes = code?.properties.className;
  if (!Array.isArray(classes)) return null;
  for (const name of classes) {
    if (typeof name === 'string' && name.startsWith('language-')) {
      return name.slice('language-'.length) || null;
    }
  }
  return null;
}

export const markdownComponents: Components = {
  a: MarkdownLink,
  img: MarkdownImage,
  pre: MarkdownPre,
  code: InlineCode,
  table: MarkdownTable,
  p: styled('p', 'my-4 leading-reading first:mt-0 last:mb-0'),
  h1: styled('h1', 'mt-8 mb-3 text-2xl font-semibold first:mt-0'),
  h2: styled('h2', 'mt-7 mb-3 text-xl font-semibold first:mt-0'),
  h3: styled('h3', 'mt-6 mb-2 text-lg font-semibold first:mt-0'),
  h4: styled('h4', 'mt-5 mb-2 text-base font-semibold first:mt-0'),
  h5: styled('h5', 'mt-4 mb-2 text-sm font-semibold first:mt-0'),
  h6: styled('h6', 'mt-4 mb-2 text-sm font-semibold text-zinc-600 first:mt-0 dark:text-zinc-400'),
  ul: styled(
    'ul',
    'my-4 list-disc space-y-1.5 pl-6 first:mt-0 last:mb-0 [&.contains-task-list]:list-none [&.contains-task-list]:pl-1',
  ),
  ol: styled('ol', 'my-4 list-decimal space-y-1.5 pl-6 first:mt-0 last:mb-0'),
  li: styled('li', 'leading-reading [&>p]:my-1'),
  blockquote: styled(
    'blockquote',
    'my-4 border-l-4 border-zinc-300 pl-4 text-zinc-700 dark:border-zinc-600 dark:text-zinc-300',
  ),
  hr: styled('hr', 'my-6 border-zinc-200 dark:border-zinc-700'),
  thead: styled('thead', 'border-b border-zinc-300 dark:border-zinc-600'),
  tr: styled('tr', 'border-b border-zinc-200 last:border-0 dark:border-zinc-800'),
  th: styled('th', 'px-3 py-1.5 text-left font-semibold'),
  td: styled('td', 'px-3 py-1.5 align-top'),
  input: styled('input', 'mr-1.5 align-middle accent-zinc-700'),
  del: styled('del', 'text-zinc-500 dark:text-zinc-400'),
};
