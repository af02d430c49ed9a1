// Shiki in a worker of its own: loading a grammar and tokenizing a code block take from tens to
// hundreds of milliseconds, which on the page's main thread froze a streaming answer mid-way.
// The page shows the code as plain text until the tokens arrive (highlight-client.ts).
import { highlight } from './highlight';
import { answerHighlight, type HighlightRequest } from './highlight-protocol';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<HighlightRequest>) => void) | null;
  postMessage(message: unknown): void;
};

scope.onmessage = (event) => {
  void answerHighlight(event.data, highlight).then((response) => scope.postMessage(response));
};
