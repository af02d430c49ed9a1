/** Types shared by the mock upstream modules and by the tests that drive it. */

export type Params = Readonly<Record<string, string>>;

/** Where a request's scenario came from: the chat marker, the `x-mock-scenario` header, or neither. */
export type ScenarioSource = 'marker' | 'header' | 'default';

export interface ScenarioSpec {
  name: string;
  params: Params;
  source: ScenarioSource;
}

export interface RecordedRequest {
  /** 1-based, monotonic for the server's lifetime (not reset by `reset()`). */
  seq: number;
  method: string;
  path: string;
  /** Query string parameters (e.g. Azure's `api-version`). */
  query?: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  /** Parsed JSON body, or null when the body was empty or not JSON. */
  body: unknown;
  /** Null when the request never reached scenario selection (auth failure, unknown route, bad JSON). */
  scenario: ScenarioSpec | null;
  /** Epoch milliseconds. */
  receivedAt: number;
  /** HTTP status sent, or null while headers are still pending. */
  status: number | null;
  /** The client closed the connection before the response ended. */
  aborted: boolean;
  /** The response was fully written (ended normally). */
  finished: boolean;
  /** The response is over for good: finished, aborted by the client, or cut by the server (reset, close()). */
  closed: boolean;
}

export interface MockUpstreamOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: '127.0.0.1';
  /** Folder that `replay file=NAME.sse` reads from. Default: env STREAM_FIXTURES, else `<repo>/e2e/fixtures/streams`. */
  fixturesDir?: string;
  /** When set, every `/v1/*` request must carry `Authorization: Bearer <apiKey>` or gets a 401. */
  apiKey?: string;
  /** Model ids listed by `GET /v1/models`. */
  models?: string[];
}

export interface MockUpstream {
  /** Base URL including `/v1`, e.g. `http://127.0.0.1:4010/v1`. */
  url: string;
  port: number;
  /** Snapshot copies of every recorded request, oldest first. */
  requests(): RecordedRequest[];
  /** Lets `pause key=KEY` streams continue; remembered, so releasing before the request arrives works. */
  release(key: string): void;
  /** Resolves with the first recorded request (past or future) matching `predicate`. */
  waitForRequest(
    predicate: (r: RecordedRequest) => boolean,
    timeoutMs?: number,
  ): Promise<RecordedRequest>;
  /** Resolves once request `seq` was aborted by its client; rejects if it finishes normally or on timeout. */
  waitForAborted(seq: number, timeoutMs?: number): Promise<RecordedRequest>;
  /** Clears the request log and the released keys. */
  reset(): void;
  /** Aborts in-flight responses, drops connections and stops listening. */
  close(): Promise<void>;
}

/** One action of a scripted response; `respond.ts` turns these into SSE events or a JSON completion. */
export type Step =
  | { kind: 'content'; text: string }
  | { kind: 'reasoning'; text: string; field: 'reasoning_content' | 'reasoning' }
  | {
      kind: 'tool';
      index: number;
      /** id/type/name are only present on the first fragment of a call, like OpenAI. */
      head?: { id: string; name: string };
      arguments: string;
    }
  | { kind: 'finish'; reason: string }
  /** Mid-stream error event, after which the stream ends without `[DONE]`. */
  | { kind: 'error'; message: string; code: string }
  | { kind: 'wait'; ms: number }
  | { kind: 'pause'; key: string }
  | { kind: 'stall' }
  | { kind: 'reset' }
  /**
   * Never ends: content deltas of `text` until the client goes away, paced by `waitMs`; with
   * `oneEvent`, a single `data:` line that never ends instead (raw bytes, no blank line).
   */
  | { kind: 'endless'; text: string; waitMs: number; oneEvent: boolean };

export interface OpenAIErrorBody {
  error: { message: string; type: string; param: string | null; code: string | null };
}

export type Plan =
  | {
      kind: 'error';
      status: number;
      /** A JSON body (OpenAI's shape), or `raw` bytes with their content type (other shapes). */
      body?: OpenAIErrorBody;
      raw?: { text: string; contentType: string };
      headers?: Record<string, string>;
    }
  | {
      kind: 'script';
      steps: Step[];
      /** Delay before the status line and headers are sent. */
      headersDelayMs: number;
      /** Send the usage chunk even when the request did not ask for `stream_options.include_usage`. */
      forceUsage: boolean;
      /**
       * `nostream`: answer one `chat.completion` even to `stream: true`, with this content type
       * (a server that ignores streaming).
       */
      jsonContentType?: string;
    }
  /** The connection is closed before any byte of a response (no status line). */
  | { kind: 'hangup' }
  | { kind: 'replay'; bytes: Uint8Array; cuts: number[]; delayMs: number };
