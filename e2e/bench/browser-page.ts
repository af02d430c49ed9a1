// What the browser benchmarks run inside the page. Each function is serialized by Playwright and
// runs in the page, so it may only use its arguments and browser globals.

/** The opening word of the benchmark answer (`[[mock:markdown tokens=N]]`). */
export const FIRST_WORD = 'Benchmark';
/** The answer's closing sentence: when it is on screen and the turn is complete, the answer is. */
export const LAST_WORDS = 'That is the whole answer.';

export interface PageMarks {
  /** performance.now() of the click on Send. */
  click: number;
  /** performance.now() after the frame that first showed the answer's first word. */
  first: number;
  /** Longest task the longtask observer saw (it reports only tasks over 50 ms; 0 = none). */
  longest: number;
}

/**
 * Before Send: notes the click, the first frame showing `word`, and long tasks. The mutation
 * observer disconnects at the first token, so it costs nothing while the rest streams.
 */
export function installMarks(word: string): void {
  const w = window as unknown as { __bench: PageMarks };
  w.__bench = { click: Number.NaN, first: Number.NaN, longest: 0 };
  const marks = w.__bench;
  document.addEventListener(
    'click',
    () => {
      if (Number.isNaN(marks.click)) marks.click = performance.now();
    },
    true,
  );
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      const nodes = r.type === 'characterData' ? [r.target] : [...r.addedNodes];
      if (!nodes.some((n) => (n.textContent ?? '').includes(word))) continue;
      observer.disconnect();
      // After the next frame: the token has been laid out and painted.
      requestAnimationFrame(() =>
        setTimeout(() => {
          marks.first = performance.now();
        }, 0),
      );
      return;
    }
  });
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) marks.longest = Math.max(marks.longest, e.duration);
  }).observe({ type: 'longtask' });
}

export function readMarks(): PageMarks {
  return (window as unknown as { __bench: PageMarks }).__bench;
}

/** The last assistant turn is complete and shows the answer's last words. */
export function answerComplete(lastWords: string): boolean {
  const turns = document.querySelectorAll('article[data-role="assistant"]');
  const last = turns[turns.length - 1];
  return (
    !!last &&
    last.getAttribute('data-status') === 'complete' &&
    (last.textContent ?? '').includes(lastWords)
  );
}

/** Nodes in the document (elements, text, comments), as the page has them now. */
export function countNodes(): number {
  const walker = document.createTreeWalker(document, NodeFilter.SHOW_ALL);
  let n = 0;
  while (walker.nextNode()) n++;
  return n;
}

/** The message box is rendered, enabled and hydrated (React has attached its handlers). */
export function composerReady(): boolean {
  // The composer's id, else the page's first text area.
  const box =
    document.querySelector<HTMLTextAreaElement>('textarea#composer') ??
    document.querySelector('textarea');
  return !!box && !box.disabled && Object.keys(box).some((k) => k.startsWith('__reactProps'));
}

/**
 * Init script (runs before the page's own scripts): every frame, checks whether the message box
 * is usable and the end of the last message is on screen, and notes performance.now() (ms since
 * the navigation started) the first time both hold.
 */
export function watchInteractive(lastText: string): void {
  const w = window as unknown as { __benchReady?: number };
  const tick = () => {
    const box =
      document.querySelector<HTMLTextAreaElement>('textarea#composer') ??
      document.querySelector('textarea');
    const usable =
      !!box && !box.disabled && Object.keys(box).some((k) => k.startsWith('__reactProps'));
    let visible = false;
    if (usable) {
      const turns = document.querySelectorAll('article');
      const last = turns[turns.length - 1];
      if (last && (last.textContent ?? '').includes(lastText)) {
        const r = last.getBoundingClientRect();
        visible = r.height > 0 && r.bottom > 0 && r.bottom <= window.innerHeight + 1;
      }
    }
    if (usable && visible) w.__benchReady = performance.now();
    else requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

export interface UpdateMarks {
  /** DOM updates of the page (mutation batches: one per React commit) while the answer grew. */
  updates: number;
  /** performance.now() of the first and the last of them. */
  first: number;
  last: number;
}

/**
 * Before Send: counts the page's visible updates (one mutation batch per React commit) and marks
 * the first one in the trace (`performance.mark('bench:first-update')`). For the traced run only:
 * the observer costs a little on every update.
 */
export function countUpdates(): void {
  const w = window as unknown as { __benchUpdates: UpdateMarks };
  w.__benchUpdates = { updates: 0, first: Number.NaN, last: Number.NaN };
  const marks = w.__benchUpdates;
  new MutationObserver(() => {
    const now = performance.now();
    if (Number.isNaN(marks.first)) {
      marks.first = now;
      performance.mark('bench:first-update');
    }
    marks.updates++;
    marks.last = now;
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
}

export function readUpdates(): UpdateMarks {
  return (window as unknown as { __benchUpdates: UpdateMarks }).__benchUpdates;
}
