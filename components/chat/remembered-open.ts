import type { MouseEvent } from 'react';

// The message list is virtualized: a row that scrolls out unmounts, and a native <details>
// would come back in its default state. What the reader opened or closed is kept here, per
// disclosure, so the row looks the same when it returns. Written only from clicks, so it is
// browser memory (never shared through the server render) and never a programmatic toggle.
const MAX_REMEMBERED = 1000;
const remembered = new Map<string, boolean>();

/** The state the reader last chose for this disclosure, if they chose one. */
export function rememberedOpen(key: string | undefined): boolean | undefined {
  return key === undefined ? undefined : remembered.get(key);
}

function remember(key: string, open: boolean) {
  remembered.delete(key);
  remembered.set(key, open);
  // Oldest first: a long session forgets the disclosures it touched longest ago.
  if (remembered.size > MAX_REMEMBERED) {
    const oldest = remembered.keys().next().value;
    if (oldest !== undefined) remembered.delete(oldest);
  }
}

/**
 * The summary's click handler. The <details> toggles after the click's dispatch (the activation
 * behaviour), so its new state is read a task later; a `toggle` listener would also record the
 * opening and closing the component itself does while streaming.
 */
export function rememberToggle(key: string | undefined) {
  return (event: MouseEvent<HTMLElement>) => {
    const details = event.currentTarget.closest('details');
    if (key === undefined || details === null) return;
    setTimeout(() => remember(key, details.open), 0);
  };
}
