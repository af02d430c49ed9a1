import 'server-only';
import { z } from 'zod';
import { getConfig } from '@/lib/server/config';
import { readBoundedJson } from '@/lib/server/upstream/bounded-body';
import { ModelListError } from '@/lib/server/upstream/list-error';
import { postForStream } from '@/lib/server/upstream/post-stream';
import { readErrorBody } from '@/lib/server/upstream/read-error-body';
import type { ChatCompletionRequest, Upstream, UpstreamModel } from '@/lib/server/upstream/types';

const modelList = z.object({ data: z.array(z.object({ id: z.string() }).loose()) }).loose();

export interface RemoteUpstreamOptions {
  /** No trailing slash, no query string. */
  baseUrl: string;
  apiKey: string | null;
  /** Sent with every request; they override the defaults (e.g. Azure's `api-key`). */
  headers?: Readonly<Record<string, string>>;
  /** Added to every URL (e.g. Azure's `api-version`). */
  query?: Readonly<Record<string, string>>;
  /** Cap on a non-streamed body such as the model list; default UPSTREAM_BODY_MAX_BYTES. */
  maxBodyBytes?: number;
}

/** `${baseUrl}/${path}` with the provider's query parameters. */
export function upstreamUrl(options: RemoteUpstreamOptions, path: string): string {
  const url = new URL(`${options.baseUrl}/${path}`);
  for (const [name, value] of Object.entries(options.query ?? {})) {
    url.searchParams.set(name, value);
  }
  return url.toString();
}

export function createRemoteUpstream(options: RemoteUpstreamOptions): Upstream {
  const headers = (): Headers => {
    const h = new Headers({
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    });
    if (options.apiKey) h.set('authorization', `Bearer ${options.apiKey}`);
    // `set`, not a spread: header names are case-insensitive, so "Authorization" replaces ours.
    for (const [name, value] of Object.entries(options.headers ?? {})) h.set(name, value);
    return h;
  };

  return {
    kind: 'remote',
    async listModels(signal) {
      const res = await fetch(upstreamUrl(options, 'models'), { headers: headers(), signal });
      if (!res.ok) throw new ModelListError(res.status, await readErrorBody(res), res.headers);
      const maxBytes = options.maxBodyBytes ?? getConfig().limits.upstreamBodyBytes;
      const parsed = modelList.safeParse(await readBoundedJson(res, maxBytes));
      if (!parsed.success) throw new Error('GET /models returned an unexpected body');
      return parsed.data.data.map((m): UpstreamModel => ({ id: m.id, label: m.id }));
    },
    chatCompletions(body: ChatCompletionRequest, signal: AbortSignal) {
      return postForStream(upstreamUrl(options, 'chat/completions'), {
        headers: headers(),
        body: JSON.stringify(body),
        signal,
      });
    },
  };
}
