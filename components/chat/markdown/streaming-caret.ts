import type { Element, ElementContent, Root, RootContent } from 'hast';

// Appends the blinking caret to the end of the last block's text while a message streams, so it
// sits right after the last word instead of on a line of its own. Runs as the last rehype plugin.

// Steady: the text growing after it already shows the answer is live. A pulsing caret here
// restarted its animation each time the text moved it into a new element, and the animation cost
// style recalculations all through the stream (about half of the page's style time).
export const CARET_CLASS = 'ml-0.5 inline-block h-[1em] w-[0.5em] translate-y-[0.15em] bg-current';

/** The caret alone, while the answer waits for its first words (or its next step): it pulses. */
export const WAITING_CARET_CLASS = `${CARET_CLASS} animate-pulse motion-reduce:animate-none`;

// Elements whose end is where text continues; we descend through these to place the caret.
const TEXT_CONTAINERS = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'ul',
  'ol',
  'li',
  'blockquote',
  'table',
  'thead',
  'tbody',
  'tr',
  'td',
  'th',
]);

export function rehypeStreamingCaret() {
  return (tree: Root) => {
    let parent: Root | Element = tree;
    for (;;) {
      const last = lastMeaningfulChild(parent.children);
      if (last?.type !== 'element' || !TEXT_CONTAINERS.has(last.tagName)) break;
      parent = last;
    }
    parent.children.push(caretElement());
  };
}

function lastMeaningfulChild(children: (RootContent | ElementContent)[]) {
  for (let i = children.length - 1; i >= 0; i--) {
    const child = children[i];
    if (child && !(child.type === 'text' && child.value.trim() === '')) return child;
  }
  return undefined;
}

function caretElement(): Element {
  return {
    type: 'element',
    tagName: 'span',
    properties: { className: CARET_CLASS.split(' '), ariaHidden: 'true', dataStreamingCaret: '' },
    children: [],
  };
}
