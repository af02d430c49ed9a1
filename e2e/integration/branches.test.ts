// Branches over real HTTP: edits and regenerations add versions (never delete), the model is sent
// only the active branch, and switching versions restores a branch exactly.
import { describe, expect, it } from 'vitest';
import { withApp, withMockUpstream } from '../support/with-app';
import type { ConversationDetail } from '@/lib/chat/api-types';
import type { ChatMessage } from '@/lib/chat/types';
import type { PublicShare, ShareSummary } from '@/lib/share/types';
import type { RecordedRequest } from '../mock-upstream/types';
import { Client, type ChatRun, readChat } from './client';

const KEY = 'sk-test-branches-0123456789';

const mock = withMockUpstream({ apiKey: KEY });
const app = withApp(() => ({
  env: { OPENAI_BASE_URL: mock.url, OPENAI_API_KEY: KEY, CHAT_MODEL: 'mock-model' },
}));

type Wire = { role: string; content: string | null };

/** Each message gets a unique tag so its upstream request can be told apart from all others. */
const tag = () => crypto.randomUUID().slice(0, 8);

async function detail(client: Client, id: string): Promise<ConversationDetail> {
  const { status, body } = await client.json<ConversationDetail>(`/api/conversations/${id}`);
  expect(status).toBe(200);
  return body;
}

function putBranch(client: Client, conversationId: string, body: unknown) {
  return client.fetch(`/api/conversations/${conversationId}/branch`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function switchTo(client: Client, conversationId: string, messageId: string) {
  const res = await putBranch(client, conversationId, { messageId });
  expect(res.status).toBe(200);
  return (await res.json()) as ConversationDetail;
}

/** The messages of an upstream request, reduced to what matters here. */
const wireOfRequest = (request: RecordedRequest | undefined): Wire[] =>
  ((request?.body as { messages?: Wire[] } | null)?.messages ?? []).map(({ role, content }) => ({
    role,
    content,
  }));

/** What the model was sent for the (first) request whose last message is `content`. */
async function sentFor(content: string): Promise<Wire[]> {
  const request = await mock.waitForRequest(
    (r) => wireOfRequest(r).at(-1)?.content === content,
    5_000,
  );
  return wireOfRequest(request);
}

/** The request, among those after the first `n`, whose last message is `content`. */
const sentSince = (n: number, content: string) =>
  mock
    .requests()
    .slice(n)
    .find((r) => wireOfRequest(r).at(-1)?.content === content);

const wireOf = (messages: ChatMessage[]): Wire[] =>
  messages.map((m) => ({ role: m.role, content: m.content }));
const ids = (messages: ChatMessage[]) => messages.map((m) => m.id);

/** Every message a request created, as saved (`done` lists the user message too). */
function created(run: ChatRun): ChatMessage[] {
  return run.done?.messages ?? [];
}

describe('branches', () => {
  it('edits and regenerations keep every message; the model sees only the active branch', async () => {
    const client = new Client(app.url);
    const all: ChatMessage[] = [];
    const say = async (content: string, extra: Record<string, unknown> = {}) => {
      const run = await readChat(await client.postChat({ content, ...extra }));
      expect(run.answer?.status).toBe('complete');
      all.push(...created(run));
      return run;
    };

    // Three exchanges: one, two, three.
    const t = tag();
    const one = `[[mock:echo]] one ${t}`;
    const id = (await say(one)).start.conversationId;
    await say(`[[mock:echo]] two ${t}`, { conversationId: id });
    await say(`[[mock:echo]] three ${t}`, { conversationId: id });
    const original = await detail(client, id);
    expect(original.messages.map((m) => m.content)).toEqual([
      one,
      `one ${t}`,
      `[[mock:echo]] two ${t}`,
      `two ${t}`,
      `[[mock:echo]] three ${t}`,
      `three ${t}`,
    ]);
    expect(original.branches).toEqual({});
    const [u1, , , a2] = original.messages as ChatMessage[];

    // Edit the FIRST message: the model gets the edited message alone, not the old one nor later ones.
    const edited = `[[mock:echo]] one, edited ${t}`;
    const edit = await say(edited, { conversationId: id, editOf: u1?.id });
    expect(await sentFor(edited)).toEqual([{ role: 'user', content: edited }]);
    const afterEdit = await detail(client, id);
    expect(afterEdit.messages.map((m) => m.content)).toEqual([edited, `one, edited ${t}`]);
    const u1b = edit.start.userMessage as ChatMessage;
    expect(u1b.parentId).toBeNull();
    expect(afterEdit.branches?.[u1b.id]).toEqual({
      index: 1,
      count: 2,
      siblingIds: [u1?.id, u1b.id],
    });

    // Regenerate that answer: a sibling answer to the same (edited) question.
    const a1b = afterEdit.messages[1] as ChatMessage;
    const before = mock.requests().length;
    const regen = await readChat(await client.postChat({ conversationId: id, retryOf: a1b.id }));
    all.push(...created(regen));
    expect(regen.start.userMessage).toBeNull();
    expect(wireOfRequest(sentSince(before, edited))).toEqual(wireOf([u1b]));
    const afterRegen = await detail(client, id);
    const a1c = regen.answer as ChatMessage;
    expect(ids(afterRegen.messages)).toEqual([u1b.id, a1c.id]);
    expect(a1c.parentId).toBe(u1b.id);
    expect(afterRegen.branches?.[a1c.id]).toEqual({
      index: 1,
      count: 2,
      siblingIds: [a1b.id, a1c.id],
    });

    // Back to the first version: the old branch, exactly as it was.
    const restored = await switchTo(client, id, u1?.id as string);
    expect(restored.messages).toEqual(original.messages);
    expect(await detail(client, id)).toEqual(restored);
    expect(restored.branches?.[u1?.id as string]?.index).toBe(0);

    // The next message continues the old branch, and the model is sent all of it.
    const four = `[[mock:echo]] four ${t}`;
    await say(four, { conversationId: id });
    expect(await sentFor(four)).toEqual([
      ...wireOf(original.messages),
      { role: 'user', content: four },
    ]);

    // Regenerate an answer in the middle: later messages leave the branch, the model gets the rest.
    const beforeMid = mock.requests().length;
    const mid = await readChat(
      await client.postChat({ conversationId: id, retryOf: a2?.id as string }),
    );
    all.push(...created(mid));
    const shown = await detail(client, id);
    expect(ids(shown.messages)).toEqual([...ids(original.messages.slice(0, 3)), mid.answer?.id]);
    expect(wireOfRequest(sentSince(beforeMid, original.messages[2]?.content ?? ''))).toEqual(
      wireOf(original.messages.slice(0, 3)),
    );

    // No message was lost: 6 + 2 (edit) + 1 (regenerate) + 2 (four) + 1 (regenerate) rows, and
    // switching to each one shows it with its content intact.
    expect(all).toHaveLength(12);
    expect(new Set(ids(all)).size).toBe(12);
    const seen = new Map<string, ChatMessage>();
    for (const message of all) {
      const view = await switchTo(client, id, message.id);
      const found = view.messages.find((m) => m.id === message.id);
      expect(found?.content).toBe(message.content);
      for (const m of view.messages) seen.set(m.id, m);
    }
    expect([...seen.keys()].sort()).toEqual(ids(all).sort());
  });

  it('shares the branch being shown', async () => {
    const client = new Client(app.url);
    const t = tag();
    const first = await readChat(await client.postChat({ content: `[[mock:echo]] a ${t}` }));
    const id = first.start.conversationId;
    const u1 = first.start.userMessage as ChatMessage;
    await readChat(
      await client.postChat({ conversationId: id, editOf: u1.id, content: `[[mock:echo]] b ${t}` }),
    );
    await switchTo(client, id, u1.id);
    const { status, body } = await client.json<{ share: ShareSummary }>(
      `/api/conversations/${id}/share`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ indexable: false }),
      },
    );
    expect(status).toBeLessThan(300);
    const shared = await client.json<PublicShare>(`/api/shares/${body.share.id}`);
    expect(shared.body.messages.map((m) => m.content)).toEqual([`[[mock:echo]] a ${t}`, `a ${t}`]);
  });

  it('checks what it is asked to switch to, and whose it is', async () => {
    const owner = new Client(app.url);
    const run = await readChat(
      await owner.postChat({ content: `[[mock:text tokens=2]] ${tag()}` }),
    );
    const id = run.start.conversationId;
    const other = await readChat(await owner.postChat({ content: `[[mock:text tokens=2]] x` }));
    const foreign = other.start.userMessage?.id as string;
    const mine = run.start.userMessage?.id as string;

    expect((await putBranch(owner, id, { messageId: 'nope' })).status).toBe(400);
    expect((await putBranch(owner, id, { messageId: mine, extra: 1 })).status).toBe(400);
    // A message of another conversation is not one of this conversation's versions.
    expect((await putBranch(owner, id, { messageId: foreign })).status).toBe(404);
    const stranger = new Client(app.url);
    expect((await putBranch(stranger, id, { messageId: mine })).status).toBe(404);
    await stranger.fetch('/api/conversations');
    expect(stranger.cookie).not.toBeNull();
    expect((await putBranch(stranger, id, { messageId: mine })).status).toBe(404);
    expect((await putBranch(owner, id, { messageId: mine })).status).toBe(200);
  });

  it('refuses malformed edits and regenerations', async () => {
    const client = new Client(app.url);
    const run = await readChat(
      await client.postChat({ content: `[[mock:text tokens=2]] ${tag()}` }),
    );
    const id = run.start.conversationId;
    const user = run.start.userMessage?.id as string;
    const answer = run.answer?.id as string;
    const post = async (body: unknown) => (await client.postChat(body)).status;
    expect(await post({ editOf: user, content: 'no conversation' })).toBe(400);
    expect(await post({ conversationId: id, editOf: user, content: '   ' })).toBe(400);
    expect(await post({ conversationId: id, editOf: user, retryOf: answer })).toBe(400);
    // Only user messages can be edited, only answers regenerated.
    expect(await post({ conversationId: id, editOf: answer, content: 'x' })).toBe(404);
    expect(await post({ conversationId: id, retryOf: user })).toBe(404);
    const after = await detail(client, id);
    expect(ids(after.messages)).toEqual([user, answer]);
  });

  it('does not switch while an answer is being written', async () => {
    const client = new Client(app.url);
    const t = tag();
    const first = await readChat(await client.postChat({ content: `[[mock:text tokens=2]] ${t}` }));
    const id = first.start.conversationId;
    const u1 = first.start.userMessage?.id as string;
    const key = `k${t}`;
    const res = await client.postChat({
      conversationId: id,
      editOf: u1,
      content: `[[mock:pause key=${key} after=1]] ${t}`,
    });
    const running = readChat(res);
    await mock.waitForRequest((r) => JSON.stringify(r.body).includes(key), 5_000);
    expect((await putBranch(client, id, { messageId: u1 })).status).toBe(409);
    mock.release(key);
    expect((await running).answer?.status).toBe('complete');
    expect((await putBranch(client, id, { messageId: u1 })).status).toBe(200);
  });
});
