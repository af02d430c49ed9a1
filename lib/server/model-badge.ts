import 'server-only';
import type { ModelBadge } from '@/lib/chat/api-types';
import { DEMO_MODEL_LABEL } from './upstream/demo-reply';
import { getConfig } from './config';

/** What the header says about the model, known on the server without a request to the provider. */
export async function getModelBadge(): Promise<ModelBadge> {
  const config = getConfig();
  if (!config.openaiBaseUrl) return { label: DEMO_MODEL_LABEL, demo: true };
  return { label: config.chatModel ?? config.chatModels[0] ?? 'Default model', demo: false };
}
