// The canonical request of every route under app/api (found on disk by e2e/support/api-routes.ts)
// and the owner's data they act on: shared by the authorization matrix (route-matrix.test.ts)
// and the input fuzz test (input-fuzz.test.ts), so a new route needs one case, here.
import type { ChatMessage } from '@/lib/chat/types';
import { apiRoutes } from '../support/api-routes';
import { type Client, readChat } from './client';
import { choices, followAnswer, postCompare } from './compare-support';
import { createShare } from './share-support';

/** What one owner has: a conversation waiting on a tool approval, its link, a deleted one. */
export interface Fixture {
  conversationId: string;
  userMessageId: string;
  answerId: string;
  toolMessageId: string;
  shareId: string;
  deletedId: string;
  exportJson: string;
  attachmentId: string;
  assistantId: string;
  assistantShareId: string;
  /** An answer of a finished comparison (two models), and its conversation. */
  comparedId: string;
  comparedAnswerId: string;
}

/** A minimal assistant (POST /api/assistants, PUT /api/assistants/[id]). */
export const ASSISTANT = { name: 'Matrix helper', systemPrompt: 'You help the matrix.' };

export async function fixture(owner: Client): Promise<Fixture> {
  const run = await readChat(
    await owner.postChat({ content: '[[mock:tools calls=1 names=calculate]] add it up' }),
  );
  const messages = run.done?.messages ?? [];
  const byRole = (role: ChatMessage['role']) => messages.find((m) => m.role === role)?.id ?? '';
  const conversationId = run.start.conversationId;
  const share = await createShare(owner, conversationId);
  const spare = await readChat(await owner.postChat({ content: '[[mock:text tokens=1]] spare' }));
  const deletedId = spare.start.conversationId;
  await owner.fetch(`/api/conversations/${deletedId}`, { method: 'DELETE' });
  const exported = await owner.fetch(`/api/conversations/${conversationId}/export?format=json`);
  const upload = await owner.fetch('/api/attachments?name=notes.txt', {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: 'matrix notes',
  });
  const { attachment } = (await upload.json()) as { attachment: { id: string } };
  const assistant = await owner.json<{ assistant: { id: string } }>('/api/assistants', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ASSISTANT),
  });
  const assistantId = assistant.body.assistant.id;
  const shared = await owner.json<{ assistant: { share: { id: string } } }>(
    `/api/assistants/${assistantId}/share`,
    { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{}' },
  );
  const compared = await postCompare(owner, {
    content: '[[mock:text tokens=1]] which is better',
    models: choices(['mock-model', 'mock-model-2']),
  });
  const comparedId = compared.body.conversation.id;
  await Promise.all(
    compared.body.answers.map((a) => followAnswer(owner, comparedId, a.message.id)),
  );
  return {
    assistantId,
    assistantShareId: shared.body.assistant.share.id,
    comparedId,
    comparedAnswerId: compared.body.answers[1]?.message.id ?? '',
    attachmentId: attachment.id,
    conversationId,
    userMessageId: byRole('user'),
    answerId: byRole('assistant'),
    toolMessageId: byRole('tool'),
    shareId: share.body.share.id,
    deletedId,
    exportJson: await exported.text(),
  };
}

/**
 * owner: only the owner may use it (others get 404, as if it did not exist).
 * self: acts on the caller's own data (others succeed on theirs; no session → 401 or empty).
 * public: the same for everyone.
 * admin: admins only (ADMIN_EMAILS); everyone else, here everyone, gets exactly the missing
 * route's 404 (app/api/[...path]), after the checks every route makes (admin.test.ts calls them
 * as an admin).
 */
export type Access = 'owner' | 'self' | 'public' | 'admin';

export interface Case {
  access: Access;
  path(f: Fixture): string;
  body?(f: Fixture): string;
  /** Default application/json. */
  contentType?: string;
  /** The owner's status (and any same-origin caller's for `public`). */
  ok: number;
  /**
   * Open without an access code (ACCESS_CODES): the status a caller without one gets there.
   * Every other route answers such a caller 401 access_required.
   */
  withoutCode?: number;
}

const json = (value: unknown) => () => JSON.stringify(value);

const ZERO_ID = '00000000-0000-4000-8000-000000000000';
const admin = (path: string, body?: unknown): Case => ({
  access: 'admin',
  path: () => path,
  ...(body === undefined ? {} : { body: json(body) }),
  ok: 404,
});
const nowhere: Case = { access: 'public', path: () => '/api/no/such/route', ok: 404 };

export const CASES: Record<string, Case> = {
  'GET /api/[...path]': nowhere,
  'POST /api/[...path]': nowhere,
  'PUT /api/[...path]': nowhere,
  'PATCH /api/[...path]': nowhere,
  'DELETE /api/[...path]': nowhere,
  'GET /api/admin/audit': admin('/api/admin/audit'),
  'GET /api/admin/live': admin('/api/admin/live'),
  'POST /api/admin/live/[id]/stop': admin(`/api/admin/live/${ZERO_ID}/stop`),
  'GET /api/admin/providers': admin('/api/admin/providers'),
  'GET /api/admin/settings': admin('/api/admin/settings'),
  'PATCH /api/admin/settings': admin('/api/admin/settings', { guestsAllowed: false }),
  'GET /api/admin/usage': admin('/api/admin/usage?from=2026-01-01&to=2026-01-31'),
  'GET /api/admin/users': admin('/api/admin/users'),
  'PATCH /api/admin/users/[id]': admin(`/api/admin/users/${ZERO_ID}`, { disabled: true }),
  'DELETE /api/admin/users/[id]': admin(`/api/admin/users/${ZERO_ID}`),
  // No ACCESS_CODES on this server: there is no gate to pass (access-codes.test.ts).
  'POST /api/access': {
    access: 'public',
    path: () => '/api/access',
    body: json({ code: 'not-the-code' }),
    ok: 404,
    withoutCode: 403,
  },
  // The matrix's owner is a guest: no account to show, delete or sign out of (200 / 401 / 200
  // for everyone alike, no cookie set); accounts.test.ts signs up, in and out for real.
  'GET /api/account': { access: 'public', path: () => '/api/account', ok: 200 },
  'DELETE /api/account': { access: 'public', path: () => '/api/account', ok: 401 },
  'POST /api/account/sign-in': {
    access: 'public',
    path: () => '/api/account/sign-in',
    body: json({ email: 'nobody@example.com', password: 'not the password' }),
    ok: 401,
  },
  'POST /api/account/sign-out': {
    access: 'public',
    path: () => '/api/account/sign-out',
    body: json({ everywhere: true }),
    ok: 200,
  },
  'POST /api/account/sign-up': {
    access: 'public',
    path: () => '/api/account/sign-up',
    body: json({ email: 'new@example.com', password: 'short' }),
    ok: 400,
  },
  // This server sends no mail: no reset to offer (404), no account to change or verify (401);
  // verified-accounts.test.ts does all of it with a real SMTP server.
  'POST /api/account/password': {
    access: 'public',
    path: () => '/api/account/password',
    body: json({ currentPassword: 'not it', newPassword: 'long enough pw' }),
    ok: 401,
  },
  'POST /api/account/password/forgot': {
    access: 'public',
    path: () => '/api/account/password/forgot',
    body: json({ email: 'nobody@example.com' }),
    ok: 404,
  },
  'POST /api/account/password/reset': {
    access: 'public',
    path: () => '/api/account/password/reset',
    body: json({ token: 'not-a-token', password: 'long enough pw' }),
    ok: 404,
    withoutCode: 404,
  },
  'POST /api/account/verification': {
    access: 'public',
    path: () => '/api/account/verification',
    body: json({}),
    ok: 401,
  },
  'GET /api/auth/verify-email': {
    access: 'public',
    path: () => '/api/auth/verify-email?token=not-a-token',
    ok: 401,
    withoutCode: 401,
  },
  // No single sign-on is configured here: both answer 404 (sso.spec.ts signs in for real).
  'POST /api/account/sso': {
    access: 'public',
    path: () => '/api/account/sso',
    body: json({ provider: 'oidc' }),
    ok: 404,
  },
  'GET /api/auth/callback/[provider]': {
    access: 'public',
    path: () => '/api/auth/callback/oidc?code=x&state=y',
    ok: 404,
  },
  'GET /api/assistants': { access: 'self', path: () => '/api/assistants', ok: 200 },
  'POST /api/assistants': {
    access: 'self',
    path: () => '/api/assistants',
    body: json(ASSISTANT),
    ok: 201,
  },
  'GET /api/assistants/[id]': {
    access: 'owner',
    path: (f) => `/api/assistants/${f.assistantId}`,
    ok: 200,
  },
  'PUT /api/assistants/[id]': {
    access: 'owner',
    path: (f) => `/api/assistants/${f.assistantId}`,
    body: json({ ...ASSISTANT, name: 'Renamed helper' }),
    ok: 200,
  },
  'DELETE /api/assistants/[id]': {
    access: 'owner',
    path: (f) => `/api/assistants/${f.assistantId}`,
    ok: 204,
  },
  'POST /api/assistants/[id]/duplicate': {
    access: 'owner',
    path: (f) => `/api/assistants/${f.assistantId}/duplicate`,
    ok: 201,
  },
  'PUT /api/assistants/[id]/share': {
    access: 'owner',
    path: (f) => `/api/assistants/${f.assistantId}/share`,
    body: json({ showPrompt: true }),
    ok: 200,
  },
  'DELETE /api/assistants/[id]/share': {
    access: 'owner',
    path: (f) => `/api/assistants/${f.assistantId}/share`,
    ok: 204,
  },
  'GET /api/assistant-shares/[id]': {
    access: 'public',
    path: (f) => `/api/assistant-shares/${f.assistantShareId}`,
    ok: 200,
    withoutCode: 200,
  },
  'POST /api/assistant-shares/[id]/use': {
    access: 'self',
    path: (f) => `/api/assistant-shares/${f.assistantShareId}/use`,
    ok: 201,
  },
  'POST /api/attachments': {
    access: 'self',
    path: () => '/api/attachments?name=notes.txt',
    body: () => 'some notes',
    contentType: 'application/octet-stream',
    ok: 201,
  },
  'GET /api/attachments/[id]': {
    access: 'owner',
    path: (f) => `/api/attachments/${f.attachmentId}`,
    ok: 200,
  },
  'POST /api/chat': {
    access: 'self',
    path: () => '/api/chat',
    body: json({ content: 'hi' }),
    ok: 200,
  },
  'POST /api/chat/compare': {
    access: 'self',
    path: () => '/api/chat/compare',
    body: json({
      content: '[[mock:text tokens=1]] compare',
      models: [
        { provider: 'default', model: 'mock-model' },
        { provider: 'default', model: 'mock-model-2' },
      ],
    }),
    ok: 201,
  },
  'POST /api/chat/[messageId]/stop': {
    access: 'owner',
    path: (f) => `/api/chat/${f.answerId}/stop`,
    ok: 200,
  },
  'POST /api/chat/tools/[toolMessageId]': {
    access: 'owner',
    path: (f) => `/api/chat/tools/${f.toolMessageId}`,
    body: json({ approve: false }),
    ok: 200,
  },
  'POST /api/conversations/[id]/keep': {
    access: 'owner',
    path: (f) => `/api/conversations/${f.comparedId}/keep`,
    body: (f) => JSON.stringify({ messageId: f.comparedAnswerId }),
    ok: 200,
  },
  'GET /api/conversations': { access: 'self', path: () => '/api/conversations', ok: 200 },
  'GET /api/conversations/[id]': {
    access: 'owner',
    path: (f) => `/api/conversations/${f.conversationId}`,
    ok: 200,
  },
  'PATCH /api/conversations/[id]': {
    access: 'owner',
    path: (f) => `/api/conversations/${f.conversationId}`,
    body: json({ title: 'Renamed' }),
    ok: 200,
  },
  'DELETE /api/conversations/[id]': {
    access: 'owner',
    path: (f) => `/api/conversations/${f.conversationId}`,
    ok: 204,
  },
  'PUT /api/conversations/[id]/branch': {
    access: 'owner',
    path: (f) => `/api/conversations/${f.conversationId}/branch`,
    body: (f) => JSON.stringify({ messageId: f.userMessageId }),
    ok: 200,
  },
  'GET /api/conversations/[id]/export': {
    access: 'owner',
    path: (f) => `/api/conversations/${f.conversationId}/export?format=md`,
    ok: 200,
  },
  'PUT /api/conversations/[id]/model': {
    access: 'owner',
    path: (f) => `/api/conversations/${f.conversationId}/model`,
    body: json({ provider: 'default', model: 'mock-model' }),
    ok: 200,
  },
  'POST /api/conversations/[id]/restore': {
    access: 'owner',
    path: (f) => `/api/conversations/${f.deletedId}/restore`,
    ok: 200,
  },
  'PUT /api/conversations/[id]/settings': {
    access: 'owner',
    path: (f) => `/api/conversations/${f.conversationId}/settings`,
    body: json({ tools: [] }),
    ok: 200,
  },
  // The fixture's last answer is finished: its events are replayed up to `done`.
  'GET /api/conversations/[id]/stream': {
    access: 'owner',
    path: (f) => `/api/conversations/${f.conversationId}/stream`,
    ok: 200,
  },
  'GET /api/conversations/[id]/share': {
    access: 'owner',
    path: (f) => `/api/conversations/${f.conversationId}/share`,
    ok: 200,
  },
  'POST /api/conversations/[id]/share': {
    access: 'owner',
    path: (f) => `/api/conversations/${f.conversationId}/share`,
    body: json({ indexable: false }),
    ok: 200,
  },
  'GET /api/export': { access: 'self', path: () => '/api/export?format=json', ok: 200 },
  'POST /api/import': {
    access: 'self',
    path: () => '/api/import',
    body: (f) => f.exportJson,
    ok: 201,
  },
  'DELETE /api/me': { access: 'self', path: () => '/api/me', ok: 200 },
  'GET /api/health': { access: 'public', path: () => '/api/health', ok: 200, withoutCode: 200 },
  'GET /api/models': { access: 'public', path: () => '/api/models', ok: 200 },
  'GET /api/shares': { access: 'self', path: () => '/api/shares', ok: 200 },
  // The fixture's link does not include attachments: public, and 404 for everyone alike.
  'GET /api/shares/[id]/attachments/[attachmentId]': {
    access: 'public',
    path: (f) => `/api/shares/${f.shareId}/attachments/${f.attachmentId}`,
    ok: 404,
    withoutCode: 404,
  },
  'GET /api/shares/[id]': {
    access: 'public',
    path: (f) => `/api/shares/${f.shareId}`,
    ok: 200,
    withoutCode: 200,
  },
  'PATCH /api/shares/[id]': {
    access: 'owner',
    path: (f) => `/api/shares/${f.shareId}`,
    body: json({ refresh: true }),
    ok: 200,
  },
  'DELETE /api/shares/[id]': { access: 'owner', path: (f) => `/api/shares/${f.shareId}`, ok: 204 },
  'POST /api/shares/[id]/fork': {
    access: 'self',
    path: (f) => `/api/shares/${f.shareId}/fork`,
    ok: 201,
  },
  'GET /api/tools': { access: 'public', path: () => '/api/tools', ok: 200 },
};

export const ROUTES = apiRoutes().flatMap((r) =>
  r.methods.map((method) => ({ key: `${method} ${r.pattern}`, method, file: r.file })),
);

export function request(c: Case, f: Fixture, method: string, headers: Record<string, string> = {}) {
  const body = c.body?.(f);
  const type = c.contentType ?? 'application/json';
  return {
    method,
    headers: body === undefined ? headers : { 'content-type': type, ...headers },
    body,
  };
}
