import 'server-only';
import { z } from 'zod';
import type { ChatCompletionRequest, Upstream, UpstreamModel } from './types';

const modelList = z.object({ data: z.array(z.object({ id: z.string() }).loose()) }).loose();

export function createRemoteUpstream(options: {
  baseUrl: string;
  apiKey: string | null;
}): Upstream {
  const headers = (): Record<string, string> => ({
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
  });

  return {
    kind: 'remote',
    async listModels(signal) {
      const res = await fetch(`${options.baseUrl}/models`, { headers: headers(), signal });
      if (!res.ok) throw new Error(`GET /models answered HTTP ${res.status}`);
      const parsed = modelList.safeParse(await res.json());
      if (!parsed.success) throw new Error('GET /models returned an unexpected body');
      return parsed.data.data.map((m): UpstreamModel => ({ id: m.id, label: m.id }));
    },
    chatCompletions(body: ChatCompletionRequest, signal: AbortSignal) {
      return fetch(`${options.baseUrl}/chat/completions`, {
        method: 'POST',
        headers: headers(),
        body: JSON.stringify(body),
        signal,
      });
    },
  };
}
