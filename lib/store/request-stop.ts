// Its own module so the chat page can stop an answer without loading the stream driver.

/** Asks the server to stop an answer; the stream's own `done` event settles the screen. */
export function requestStop(messageId: string): Promise<unknown> {
  return fetch(`/api/chat/${encodeURIComponent(messageId)}/stop`, { method: 'POST' }).catch(
    () => {},
  );
}
