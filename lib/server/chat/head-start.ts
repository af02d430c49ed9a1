import 'server-only';
import type { ChatCompletionRequest, Upstream } from '@/lib/server/upstream/types';

/**
 * A model call sent while the turn's rows are still being saved, so that the insert's round trip
 * and the model's time to its first byte overlap instead of adding up. The turn takes the call
 * back through `upstream` when its first request is this very body; any other request goes to
 * the real upstream (and cancels the head start), and one nobody took must be cancelled.
 */
export interface HeadStart {
  /** The provider's upstream, with the call already in flight for the first matching request. */
  readonly upstream: Upstream;
  /** Ends the call unless the turn took it (the save failed, or the turn never called). */
  cancel(): void;
}

export function sendHeadStart(upstream: Upstream, body: ChatCompletionRequest): HeadStart {
  const controller = new AbortController();
  const sent = JSON.stringify(body);
  let pending: Promise<Response> | null = upstream.chatCompletions(body, controller.signal);
  // Whoever takes the call sees its failure; one nobody takes has no one to tell.
  pending.catch(() => {});

  const cancel = () => {
    if (!pending) return;
    pending = null;
    controller.abort(new DOMException('The turn did not use its head start.', 'AbortError'));
  };
  // From now on the call is the turn's: its Stop, time limit and idle watch end it.
  const follow = (signal: AbortSignal) => {
    if (signal.aborted) controller.abort(signal.reason);
    else signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  };

  return {
    upstream: {
      kind: upstream.kind,
      listModels: (signal) => upstream.listModels(signal),
      chatCompletions(request, signal) {
        const call = pending;
        if (call && JSON.stringify(request) === sent) {
          pending = null;
          follow(signal);
          return call;
        }
        cancel();
        return upstream.chatCompletions(request, signal);
      },
    },
    cancel,
  };
}
