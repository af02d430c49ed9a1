// @vitest-environment happy-dom
import { flushSync } from 'react-dom';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Composer } from './composer';

// A new chat (or a conversation opened) replaces the screen, message box included. The new box
// must hold the draft and the focus as soon as the old one is gone: a key pressed in between
// (an Enter right after New chat) reached no box at all and was lost.

let root: Root;
let host: HTMLDivElement;

beforeEach(() => {
  // Outside act(): act() would run the passive effects before the checks below.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
  localStorage.clear();
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});

afterEach(() => {
  flushSync(() => root.unmount());
  host.remove();
});

const props = { following: false, onSend: async () => true, onStop: () => {} };

it('a box that replaces another has the draft and the focus in the same commit', () => {
  flushSync(() => root.render(<Composer key="old" draftKey="c-1" {...props} />));
  localStorage.setItem('parley:draft:new', 'typed while the page changed');
  flushSync(() => root.render(<Composer key="new" draftKey="new" {...props} />));
  // Still in the task that swapped the boxes: nothing else has run yet.
  const box = host.querySelector('textarea');
  expect(box?.value).toBe('typed while the page changed');
  expect(document.activeElement).toBe(box);
});
