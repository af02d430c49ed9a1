// Access codes (ACCESS_CODES) over real HTTP: pages send a browser without a code to the gate,
// the API refuses it before anything reaches the upstream, shared links and health stay open,
// a right code keeps the guest's identity, and wrong codes are limited per address in the
// database (even the right code waits once an address used up its attempts).
import { describe, expect, it } from 'vitest';
import { withApp, withMockUpstream } from '../support/with-app';
import { Client, readChat } from './client';
import { Anonymous, createShare } from './share-support';

const CODE = 'open-sesame-42';
const WRONG_PER_IP = 3;

const mock = withMockUpstream();
const app = withApp(() => ({
  env: {
    OPENAI_BASE_URL: mock.url,
    CHAT_MODEL: 'mock-model',
    ACCESS_CODES: `first-code, ${CODE}`,
    RATE_LIMIT_ACCESS_CODE_PER_IP: String(WRONG_PER_IP),
    // Addresses come from X-Forwarded-For, as behind a proxy.
    TRUST_PROXY: 'true',
  },
}));

let addressCounter = 0;
/** Each test its own client address (the limit is per address; the last forwarded entry counts). */
const newAddress = () => `10.0.0.${++addressCounter}`;

function enter(client: Client, code: string, address: string) {
  return client.fetch('/api/access', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ code }),
  });
}

async function admitted(address = newAddress()): Promise<Client> {
  const client = new Client(app.url);
  const res = await enter(client, CODE, address);
  expect(res.status, await res.clone().text()).toBe(200);
  return client;
}

describe('with ACCESS_CODES set', () => {
  it('sends a page load without a code to the gate, and keeps shared links and health open', async () => {
    const owner = await admitted();
    const run = await readChat(await owner.postChat({ content: '[[mock:text tokens=3]] hello' }));
    const share = await createShare(owner, run.start.conversationId);
    expect(share.status).toBe(201);

    const stranger = new Anonymous(app.url);
    const page = await fetch(`${app.url}/c/${run.start.conversationId}`, {
      headers: { accept: 'text/html', 'sec-fetch-dest': 'document' },
      redirect: 'manual',
    });
    expect(page.status).toBe(303);
    expect(new URL(page.headers.get('location') ?? '', app.url).pathname).toBe('/access');
    expect(page.headers.getSetCookie()).toEqual([]);
    const home = await fetch(`${app.url}/`, { redirect: 'manual' });
    expect(home.status).toBe(303);

    const gate = await fetch(`${app.url}/access`);
    expect(gate.status).toBe(200);
    expect(await gate.text()).toContain('Access code');

    const shared = await fetch(`${app.url}/s/${share.body.share.id}`);
    expect(shared.status).toBe(200);
    expect(await shared.text()).toContain('hello');
    expect((await stranger.fetch(`/api/shares/${share.body.share.id}`)).status).toBe(200);
    expect((await stranger.fetch('/api/health')).status).toBe(200);

    // The owner's own pages open.
    const mine = await owner.fetch(`/c/${run.start.conversationId}`, { redirect: 'manual' });
    expect(mine.status).toBe(200);
  });

  it('refuses the API without a code before anything reaches the upstream', async () => {
    const guest = new Client(app.url); // has a guest cookie from the gate, but no code
    await guest.visit('/access');
    expect(guest.cookie).not.toBeNull();
    const before = mock.requests().length;
    for (const client of [guest, new Anonymous(app.url)]) {
      const chat = await client.postChat({ content: 'spend the key' });
      expect(chat.status).toBe(401);
      expect(chat.headers.getSetCookie()).toEqual([]);
      expect(((await chat.json()) as { error: { code: string } }).error.code).toBe(
        'access_required',
      );
      expect((await client.fetch('/api/models')).status).toBe(401);
      expect((await client.fetch('/api/conversations')).status).toBe(401);
    }
    expect(mock.requests().length, 'the upstream received nothing').toBe(before);
  });

  it('a right code keeps the guest and lets it chat', async () => {
    const guest = new Client(app.url);
    await guest.visit('/access');
    const guestCookie = guest.cookie;
    const res = await enter(guest, CODE, newAddress());
    expect(res.status).toBe(200);
    expect(guest.cookie).not.toBe(guestCookie);
    const subject = (cookie: string | null) =>
      JSON.parse(Buffer.from(cookie?.split('.')[1] ?? '', 'base64url').toString()).sub;
    expect(subject(guest.cookie)).toBe(subject(guestCookie));
    const run = await readChat(await guest.postChat({ content: '[[mock:text tokens=2]] hi' }));
    expect(run.done?.messages.at(-1)?.status).toBe('complete');
  });

  it('limits wrong codes per address in the database, then refuses even the right one', async () => {
    const address = newAddress();
    const client = new Client(app.url);
    for (let i = 0; i < WRONG_PER_IP; i++) {
      const wrong = await enter(client, `guess-${i}`, address);
      expect(wrong.status).toBe(403);
      expect(wrong.headers.getSetCookie()).toEqual([]);
      expect(((await wrong.json()) as { error: { message: string } }).error.message).toMatch(
        /access code is not right/,
      );
    }
    const limited = await enter(client, CODE, address);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: { message: string } }).error.message).toMatch(
      /Too many wrong access codes: at most 3 an hour/,
    );
    expect(limited.headers.getSetCookie()).toEqual([]);
    // Another address is not affected; a right code does not count against it.
    const other = newAddress();
    for (let i = 0; i < WRONG_PER_IP + 1; i++) {
      expect((await enter(new Client(app.url), CODE, other)).status).toBe(200);
    }
  });

  it('a guesser behind a shared address locks out its own browser, not its neighbours', async () => {
    const office = newAddress();
    // Browsers that loaded the gate hold a guest cookie: wrong codes count per browser.
    const guesser = new Client(app.url);
    await guesser.visit('/access');
    expect(guesser.cookie).not.toBeNull();
    for (let i = 0; i < WRONG_PER_IP; i++) {
      expect((await enter(guesser, `guess-${i}`, office)).status).toBe(403);
    }
    expect((await enter(guesser, CODE, office)).status).toBe(429);
    const colleague = new Client(app.url);
    await colleague.visit('/access');
    expect((await enter(colleague, CODE, office)).status).toBe(200);
  });

  it('an address as a whole is stopped at ten times the limit, however many browsers it uses', async () => {
    const address = newAddress();
    for (let b = 0; b < 10; b++) {
      const browser = new Client(app.url);
      await browser.visit('/access');
      for (let i = 0; i < WRONG_PER_IP; i++) {
        expect((await enter(browser, `guess-${b}-${i}`, address)).status).toBe(403);
      }
    }
    const fresh = new Client(app.url);
    await fresh.visit('/access');
    expect((await enter(fresh, CODE, address)).status).toBe(429);
  });

  it('a cross-site post of a code is refused and sets no cookie', async () => {
    const res = await fetch(`${app.url}/api/access`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain', origin: 'http://127.0.0.1:1' },
      body: JSON.stringify({ code: CODE }),
    });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});
