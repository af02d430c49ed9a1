/** The request log plus event-driven waits, so tests never sleep blindly. */
import type { RecordedRequest } from './types';

type Check = () => RecordedRequest | Error | null;

const DEFAULT_TIMEOUT_MS = 5000;

export class RequestLog {
  private records: RecordedRequest[] = [];
  private readonly listeners = new Set<() => void>();
  private nextSeq = 1;

  /** Adds a record; the caller mutates it as the response progresses and calls `changed()`. */
  start(
    init: Omit<RecordedRequest, 'seq' | 'aborted' | 'finished' | 'closed' | 'status'>,
  ): RecordedRequest {
    const record: RecordedRequest = {
      seq: this.nextSeq++,
      ...init,
      status: null,
      aborted: false,
      finished: false,
      closed: false,
    };
    this.records.push(record);
    this.changed();
    return record;
  }

  changed(): void {
    for (const listener of [...this.listeners]) listener();
  }

  list(): RecordedRequest[] {
    return this.records.map((r) => structuredClone(r));
  }

  clear(): void {
    this.records = [];
  }

  waitFor(
    predicate: (r: RecordedRequest) => boolean,
    timeoutMs = DEFAULT_TIMEOUT_MS,
  ): Promise<RecordedRequest> {
    return this.waitUntil(
      () => this.records.find((r) => predicate(structuredClone(r))) ?? null,
      timeoutMs,
      'waitForRequest: no matching request',
    );
  }

  waitForAborted(seq: number, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<RecordedRequest> {
    return this.waitUntil(
      () => {
        const r = this.records.find((x) => x.seq === seq);
        if (r?.aborted) return r;
        if (r?.finished) return new Error(`waitForAborted: request ${seq} finished normally`);
        if (r?.closed) return new Error(`waitForAborted: request ${seq} was closed by the server`);
        return null;
      },
      timeoutMs,
      `waitForAborted: request ${seq} was not aborted`,
    );
  }

  private waitUntil(
    check: Check,
    timeoutMs: number,
    timeoutMessage: string,
  ): Promise<RecordedRequest> {
    return new Promise((resolve, reject) => {
      const settle = (): boolean => {
        const result = check();
        if (result === null) return false;
        cleanup();
        if (result instanceof Error) reject(result);
        else resolve(structuredClone(result));
        return true;
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`${timeoutMessage} within ${timeoutMs} ms`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.listeners.delete(listener);
      };
      const listener = () => {
        settle();
      };
      if (!settle()) this.listeners.add(listener);
    });
  }
}
