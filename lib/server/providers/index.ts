import 'server-only';

export { contextWindowFor, DEFAULT_CONTEXT_WINDOW, supportsReasoningEffort } from './capabilities';
export type { ProviderConfig } from '@/lib/server/config/providers';
export {
  createProviderRegistry,
  DEMO_PROVIDER_NAME,
  getProviderRegistry,
  type ModelChoice,
  type Provider,
  type ProviderRegistry,
} from './registry';
