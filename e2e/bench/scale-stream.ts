// One stream of the scale bench (scale.ts): a chat answer started on instance A, read until about
// half of it has arrived, then dropped and resumed on instance B with Last-Event-ID, as a browser
// does after a network change. Checks the answer against what the mock upstream sends.
import { createSSEDecoder, type SSEMessage } from '@/lib/openai/sse';
import { textTokens } from '../mock-upstream/texts';

export interface StreamPlan {
  /** Where the answer is started, and where it is resumed. */
  a: string;
  b: string;
  cookie: string;
  tokens: number;
  /** Tokens per second asked of the mock. */
  rate: number;
  tag: string;
}

export interface StreamResult {
  /** ms from the request to the first content token. */
  firstToken: number;
  /** ms from the request to the end of the resumed stream. */
  total: number;
  /** null when the answer is complete and identical to what the mock sent, else what differs. */
  problem: string | null;
}

/** What the mock sends for `[[mock:text tokens=N]]`. */
export const expectedText = (tokens: number) => textTokens(tokens).join('');

interface Reading {
  text: string;
  lastId: number;
  conversationId: string;
  done: SSEMessage | null;
  error: string | null;
}

function take(r: Reading, m: SSEMessage): void {
  if (m.id) r.lastId = Number(m.id);
  if (!m.event) {
    const chunk = JSON.parse(m.data) as { choices?: { delta?: { content?: string } }[] };
    r.text += chunk.choices?.[0]?.delta?.content ?? '';
  } else if (m.event === 'start') {
    r.conversationId = (JSON.parse(m.data) as { conversationId: string }).conversationId;
  } else if (m.event === 'done') r.done = m;
  else if (m.event === 'error') r.error = m.data;
}

/** Reads SSE messages until the body ends or `enough` says stop (then the request is aborted). */
async function read(
  res: Response,
  r: Reading,
  enough: () => boolean,
  abort: AbortController,
  onToken: () => void,
): Promise<void> {
  if (!res.ok || !res.body) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
  const decoder = createSSEDecoder((m) => {
    const before = r.text.length;
    take(r, m);
    if (r.text.length > before) onToken();
  });
  const reader = res.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      decoder.push(value);
      if (enough()) {
        abort.abort();
        return;
      }
    }
  } catch (error) {
    if (!abort.signal.aborted) throw error;
  }
}

function check(r: Reading, expected: string): string | null {
  if (r.error) return `error event: ${r.error.slice(0, 200)}`;
  if (r.text !== expected)
    return `streamed text differs (${r.text.length} of ${expected.length} chars)`;
  if (!r.done) return 'no done event';
  const { messages } = JSON.parse(r.done.data) as {
    messages: { role: string; content: string; status: string }[];
  };
  const answer = messages.findLast((m) => m.role === 'assistant');
  if (answer?.status !== 'complete') return `saved answer is ${answer?.status ?? 'missing'}`;
  if (answer.content !== expected) return 'saved answer differs from what the mock sent';
  return null;
}

export async function runStream(p: StreamPlan): Promise<StreamResult> {
  const expected = expectedText(p.tokens);
  const r: Reading = { text: '', lastId: 0, conversationId: '', done: null, error: null };
  const t0 = performance.now();
  let firstToken = Number.NaN;
  const onToken = () => {
    if (Number.isNaN(firstToken)) firstToken = performance.now() - t0;
  };
  const first = new AbortController();
  const res = await fetch(`${p.a}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: p.cookie, origin: p.a },
    body: JSON.stringify({ content: `[[mock:text tokens=${p.tokens} rate=${p.rate}]] ${p.tag}` }),
    signal: first.signal,
  });
  await read(res, r, () => r.text.length >= expected.length / 2, first, onToken);
  if (!r.conversationId) return { firstToken, total: Number.NaN, problem: 'no start event' };
  if (!r.done) {
    const second = new AbortController();
    const resumed = await fetch(`${p.b}/api/conversations/${r.conversationId}/stream`, {
      headers: { cookie: p.cookie, 'last-event-id': String(r.lastId) },
      signal: second.signal,
    });
    await read(resumed, r, () => false, second, onToken);
  }
  return { firstToken, total: performance.now() - t0, problem: check(r, expected) };
}
