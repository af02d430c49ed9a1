// Drives the mock upstream that Playwright starts, over its HTTP control API (`/__mock/*`).
import type { RecordedRequest } from '../mock-upstream/types';
import { MOCK_CONTROL_URL } from './env';

async function control(method: 'GET' | 'POST', path: string): Promise<unknown> {
  const res = await fetch(`${MOCK_CONTROL_URL}/__mock/${path}`, { method });
  if (!res.ok) {
    throw new Error(
      `mock control ${method} /__mock/${path} failed: ${res.status} ${await res.text()}`,
    );
  }
  return res.json();
}

/** Every request the mock received since the last reset, oldest first. */
export async function mockRequests(): Promise<RecordedRequest[]> {
  const body = await control('GET', 'requests');
  if (!Array.isArray(body)) throw new Error('mock control: /__mock/requests did not return a list');
  return body as RecordedRequest[];
}

/** Lets streams paused with `[[mock:... pause key=KEY]]` continue (remembered if sent early). */
export async function releaseMock(key: string): Promise<void> {
  await control('POST', `release/${encodeURIComponent(key)}`);
}

/** Clears the mock's request log and released keys. The mock is shared by both workers. */
export async function resetMock(): Promise<void> {
  await control('POST', 'reset');
}

/** Polls the request log until a request matches, e.g. to learn what the app sent upstream. */
export async function waitForMockRequest(
  predicate: (request: RecordedRequest) => boolean,
  { timeoutMs = 10_000, intervalMs = 100 } = {},
): Promise<RecordedRequest> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = (await mockRequests()).find(predicate);
    if (match) return match;
    if (Date.now() > deadline) {
      throw new Error(`mock control: no matching upstream request within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** The text of the last user message in a recorded chat request, for matching a spec's own request. */
export function lastUserText(request: RecordedRequest): string | null {
  const body = request.body as { messages?: { role?: unknown; content?: unknown }[] } | null;
  const messages = Array.isArray(body?.messages) ? body.messages : [];
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m?.role === 'user')
      return typeof m.content === 'string' ? m.content : JSON.stringify(m.content);
  }
  return null;
}
