import 'server-only';
import { getConfig } from '@/lib/server/config';
import { createDemoUpstream } from './demo';
import { createRemoteUpstream } from './remote';
import type { Upstream } from './types';

let cached: Upstream | undefined;

/** The configured provider, or the offline demo model when OPENAI_BASE_URL is unset. */
export function getUpstream(): Upstream {
  if (cached) return cached;
  const config = getConfig();
  cached = config.openaiBaseUrl
    ? createRemoteUpstream({ baseUrl: config.openaiBaseUrl, apiKey: config.openaiApiKey })
    : createDemoUpstream();
  return cached;
}
