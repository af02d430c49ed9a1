import 'server-only';
import type { ModelBadge } from '@/lib/chat/api-types';
import { getProviderRegistry } from './registry';
import { DEMO_MODEL_ID, DEMO_MODEL_LABEL } from './demo/reply';

/** How a stored model id is shown to people: the demo model by its label, others by their id. */
export function modelDisplayName(model: string): string {
  return model === DEMO_MODEL_ID ? DEMO_MODEL_LABEL : model;
}

/**
 * What the header says about the model, known on the server without a request to the provider:
 * the conversation's model when given, else the default. The browser relabels it when the user
 * picks another model.
 */
export async function getModelBadge(
  conversation?: { model: string | null; provider?: string | null } | null,
): Promise<ModelBadge> {
  const registry = getProviderRegistry();
  if (registry.demo) return { label: DEMO_MODEL_LABEL, demo: true };
  const stored = conversation?.provider ? registry.get(conversation.provider) : undefined;
  // A provider that is no longer configured means the conversation will use the default.
  const usable = !conversation?.provider || stored !== undefined;
  const provider = stored ?? registry.get(registry.defaultChoice.provider);
  const model = (usable && conversation?.model) || registry.defaultChoice.model;
  return {
    label: model ?? 'Default model',
    demo: false,
    ...(registry.providers.length > 1 && provider ? { provider: provider.label } : {}),
  };
}
