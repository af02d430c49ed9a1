// Every page route on disk, asked for as a navigation and as each kind of prefetch and RSC
// request Next and browsers send: each answer carries the page CSP (with a nonce every script
// of its HTML has) and the security headers. A page added under app/ without a case here fails.
import { readdirSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { withApp, withMockUpstream } from '../support/with-app';
import { chat, createShare, guest } from './share-support';
import { type Client, readChat } from './client';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let owner: Client;
let conversationId = '';
let shareId = '';
let assistantShareId = '';

const mock = withMockUpstream();
const app = withApp(() => ({ env: { OPENAI_BASE_URL: mock.url, CHAT_MODEL: 'mock-model' } }));

beforeAll(async () => {
  owner = await guest(app.url);
  conversationId = await chat(owner, '[[mock:text tokens=2]] headers everywhere');
  shareId = (await createShare(owner, conversationId)).body.share.id;
  const json = { 'content-type': 'application/json' };
  const made = await owner.json<{ assistant: { id: string } }>('/api/assistants', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ name: 'Headers', systemPrompt: 'Check headers.' }),
  });
  const shared = await owner.json<{ assistant: { share: { id: string } } }>(
    `/api/assistants/${made.body.assistant.id}/share`,
    { method: 'PUT', headers: json, body: '{}' },
  );
  assistantShareId = shared.body.assistant.share.id;
});

/** app/**\/page.tsx and the other files that answer a page URL, as route patterns. */
function pageRoutes(): string[] {
  const dir = join(ROOT, 'app');
  return (readdirSync(dir, { recursive: true }) as string[])
    .map((path) => path.split(sep).join('/'))
    .filter((path) => !path.startsWith('api/'))
    .filter((path) => /(^|\/)(page|opengraph-image)\.tsx$/.test(path))
    .map((path) => `/${path.replace(/(^|\/)page\.tsx$/, '').replace(/\.tsx$/, '')}`)
    .sort();
}

/** A real URL for each route pattern (unknown ids too: their not-found pages are pages). */
function urlsFor(pattern: string): string[] {
  const missing = '00000000-0000-4000-8000-000000000000';
  switch (pattern) {
    case '/':
      return ['/', '/no-such-page'];
    case '/access':
    // Not an admin here (no ADMIN_EMAILS): the missing page every non-admin gets.
    case '/admin':
    case '/sign-in':
    case '/account':
    case '/s/missing':
      return [pattern];
    // Without mail (this server) "Forgot password?" is a not-found page; the reset page without
    // its token says to ask for a link.
    case '/forgot-password':
      return [pattern];
    case '/reset-password':
      return [pattern, '/reset-password?token=not-a-token'];
    case '/assistants':
      return [pattern, `/?assistant=${missing}`];
    case '/a/[id]':
      return [`/a/${assistantShareId}`, '/a/AAAAAAAAAAAAAAAAAAAAAAAA'];
    case '/c/[id]':
      return [`/c/${conversationId}`, `/c/${missing}`];
    case '/s/[id]':
      return [`/s/${shareId}`, '/s/AAAAAAAAAAAAAAAAAAAAAAAA'];
    case '/s/[id]/opengraph-image':
      return [`/s/${shareId}/opengraph-image`];
    default:
      throw new Error(`no case for the page route ${pattern}: add one here`);
  }
}

const NAVIGATION = {
  accept: 'text/html',
  'sec-fetch-dest': 'document',
  'sec-fetch-mode': 'navigate',
};
const VARIANTS: Record<string, Record<string, string>> = {
  navigation: NAVIGATION,
  'Purpose: prefetch': { ...NAVIGATION, purpose: 'prefetch', 'sec-purpose': 'prefetch' },
  'Sec-Purpose: prefetch;prerender': {
    ...NAVIGATION,
    'sec-purpose': 'prefetch;prerender',
  },
  'Next-Router-Prefetch': { accept: 'text/html', 'next-router-prefetch': '1' },
  RSC: { rsc: '1' },
  'RSC prefetch': { rsc: '1', 'next-router-prefetch': '1' },
  'RSC segment prefetch': {
    rsc: '1',
    'next-router-prefetch': '1',
    'next-router-segment-prefetch': '/_tree',
  },
};

const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1];

async function expectHeaders(path: string, variant: string) {
  const what = `${path} (${variant})`;
  const res = await owner.fetch(path, { headers: VARIANTS[variant], redirect: 'manual' });
  const body = await res.text();
  expect(res.status, what).toBeLessThan(500);
  const csp = res.headers.get('content-security-policy') ?? '';
  const nonce = nonceOf(csp);
  expect(nonce, `${what}: ${csp || 'no CSP'}`).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("object-src 'none'");
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
  expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  if ((res.headers.get('content-type') ?? '').includes('text/html')) {
    for (const [tag] of body.matchAll(/<script\b[^>]*>/g)) {
      expect(tag, what).toContain(`nonce="${nonce}"`);
    }
  }
}

describe('page headers', () => {
  it('covers every page route on disk', () => {
    expect(pageRoutes().flatMap(urlsFor).length).toBeGreaterThan(8);
  });

  for (const variant of Object.keys(VARIANTS)) {
    it(`every page as ${variant}`, async () => {
      for (const pattern of pageRoutes()) {
        for (const path of urlsFor(pattern)) await expectHeaders(path, variant);
      }
    });
  }

  it('a shared file keeps its own sandbox policy, not the API one', async () => {
    const upload = await owner.fetch('/api/attachments?name=notes.txt', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: 'shared notes',
    });
    expect(upload.status).toBe(201);
    const { attachment } = (await upload.json()) as { attachment: { id: string } };
    const run = await readChat(
      await owner.postChat({
        content: '[[mock:text tokens=2]] with a file',
        attachments: [attachment.id],
      }),
    );
    const share = await owner.json<{ share: { id: string } }>(
      `/api/conversations/${run.start.conversationId}/share`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ indexable: false, includeAttachments: true }),
      },
    );
    for (const path of [
      `/api/attachments/${attachment.id}`,
      `/api/shares/${share.body.share.id}/attachments/${attachment.id}`,
    ]) {
      const res = await owner.fetch(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toBe('shared notes');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain('sandbox');
      expect(csp, path).not.toContain("form-action 'none'");
    }
  });
});
