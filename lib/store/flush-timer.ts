// When the stream driver writes the store: a task of its own after `delayMs`, not an animation
// frame. React renders the write in that task, and the message list measures the grown row and
// follows it there too (MessageList), so the next frame paints the text and dispatches the
// scroll event together. Rendering in a frame instead left the scroll for the frame's end, and
// its scroll event took a second frame per update. Its own module so tests can run it by hand.
export function afterMs(run: () => void, delayMs: number): void {
  setTimeout(run, Math.max(0, delayMs));
}
