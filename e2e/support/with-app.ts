// The one way an integration suite gets a started app or a mock upstream: started before its
// tests, stopped after them (vitest runs after-hooks in reverse, so the app stops before the mock
// it talks to). The returned object reads through to the started one, so it can be declared at
// the top of the file and used inside tests and hooks (not at import time).
import { afterAll, beforeAll } from 'vitest';
import { startMockUpstream } from '../mock-upstream/server';
import type { MockUpstream, MockUpstreamOptions } from '../mock-upstream/types';
import { type AppServer, type StartAppOptions, startApp } from './app-server';

function lateBound<T extends object>(name: string, get: () => T | undefined): T {
  const target = (): T => {
    const value = get();
    if (!value) throw new Error(`${name} exists from beforeAll on`);
    return value;
  };
  return new Proxy({} as T, {
    get(_, key) {
      const value: unknown = Reflect.get(target(), key);
      return typeof value === 'function' ? value.bind(target()) : value;
    },
  });
}

/** A mock upstream for the file's tests. */
export function withMockUpstream(options?: MockUpstreamOptions): MockUpstream {
  let mock: MockUpstream | undefined;
  beforeAll(async () => {
    mock = await startMockUpstream(options);
  });
  afterAll(async () => {
    await mock?.close();
  });
  return lateBound('withMockUpstream()', () => mock);
}

/** A started app for the file's tests; `options` is read in beforeAll (after earlier hooks). */
export function withApp(
  options: StartAppOptions | (() => StartAppOptions | Promise<StartAppOptions>) = {},
): AppServer {
  let app: AppServer | undefined;
  beforeAll(async () => {
    app = await startApp(typeof options === 'function' ? await options() : options);
  });
  afterAll(async () => {
    await app?.stop();
  });
  return lateBound('withApp()', () => app);
}
