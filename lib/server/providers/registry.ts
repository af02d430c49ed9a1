import 'server-only';
import { getConfig } from '@/lib/server/config';
import { createDemoUpstream } from '@/lib/server/providers/demo/upstream';
import { DEMO_MODEL_ID, DEMO_MODEL_LABEL } from '@/lib/server/providers/demo/reply';
import {
  createRemoteUpstream,
  type RemoteUpstreamOptions,
} from '@/lib/server/providers/remote/upstream';
import type { Upstream } from '@/lib/server/upstream/types';
import { contextWindowFor, supportsReasoningEffort, supportsVision } from './capabilities';
import type { ProviderConfig } from '@/lib/server/config/providers';

/** One configured provider, ready to call. Its key and headers never leave the server. */
export interface Provider {
  name: string;
  label: string;
  kind: 'remote' | 'demo';
  upstream: Upstream;
  /** Configured models, offered first; the first one is this provider's default. */
  models: readonly string[];
  /** Values to redact from anything the provider says: its key, header and query values. */
  secrets: readonly string[];
  contextWindow(model: string): number;
  supportsReasoningEffort(model: string): boolean;
  supportsVision(model: string): boolean;
}

export interface ModelChoice {
  provider: string;
  /** null → the provider's first listed model (it configured none). */
  model: string | null;
}

export interface ProviderRegistry {
  /** In configuration order; exactly the demo provider when nothing is configured. */
  readonly providers: readonly Provider[];
  get(name: string): Provider | undefined;
  /** What a new conversation uses unless the browser picks something else. */
  readonly defaultChoice: ModelChoice;
  /** True when only the offline demo model is available. */
  readonly demo: boolean;
}

export const DEMO_PROVIDER_NAME = 'demo';

export interface RegistryInput {
  providers: readonly ProviderConfig[];
  contextWindows: Readonly<Record<string, number>>;
  /** CHAT_MODEL: the default model, on the first provider that configures it. */
  chatModel?: string | null;
}

export interface UpstreamFactories {
  remote(options: RemoteUpstreamOptions): Upstream;
  demo(): Upstream;
}

const defaultFactories: UpstreamFactories = {
  remote: createRemoteUpstream,
  demo: () => createDemoUpstream(),
};

// Short values are not worth redacting and would garble messages where they happen to occur.
const MIN_SECRET_LENGTH = 8;
// Query parameters are usually versions (`api-version=2024-06-01`); only these carry credentials.
const SECRET_PARAM = /key|token|secret|sig|auth|pass/i;

function secretsOf(config: ProviderConfig): string[] {
  const values = [
    config.apiKey ?? '',
    ...Object.values(config.headers),
    ...Object.entries(config.query)
      .filter(([name]) => SECRET_PARAM.test(name))
      .map(([, value]) => value),
  ];
  return [...new Set(values.filter((v) => v.length >= MIN_SECRET_LENGTH))];
}

export function createProviderRegistry(
  input: RegistryInput,
  factories: UpstreamFactories = defaultFactories,
): ProviderRegistry {
  const window = (own: Readonly<Record<string, number>>) => (model: string) =>
    contextWindowFor(model, own, input.contextWindows);

  if (input.providers.length === 0) {
    const demo: Provider = {
      name: DEMO_PROVIDER_NAME,
      label: DEMO_MODEL_LABEL,
      kind: 'demo',
      upstream: factories.demo(),
      models: [DEMO_MODEL_ID],
      secrets: [],
      contextWindow: window({}),
      supportsReasoningEffort: () => false,
      // The demo describes attached images (type, size), so it takes them.
      supportsVision: () => true,
    };
    return {
      providers: [demo],
      get: (name) => (name === DEMO_PROVIDER_NAME ? demo : undefined),
      defaultChoice: { provider: DEMO_PROVIDER_NAME, model: DEMO_MODEL_ID },
      demo: true,
    };
  }

  const providers = input.providers.map(
    (config): Provider => ({
      name: config.name,
      label: config.label,
      kind: 'remote',
      upstream: factories.remote({
        baseUrl: config.baseUrl,
        apiKey: config.apiKey,
        headers: config.headers,
        query: config.query,
      }),
      models: config.models,
      secrets: secretsOf(config),
      contextWindow: window(config.contextWindow),
      supportsReasoningEffort: (model) => supportsReasoningEffort(model, config.reasoningModels),
      supportsVision: (model) => supportsVision(model, config.vision ?? null),
    }),
  );
  const byName = new Map(providers.map((p) => [p.name, p]));
  const chatModel = input.chatModel;
  const owner = chatModel ? input.providers.find((p) => p.models.includes(chatModel)) : undefined;
  const first = input.providers[0] as ProviderConfig;
  return {
    providers,
    get: (name) => byName.get(name),
    defaultChoice:
      owner && chatModel
        ? { provider: owner.name, model: chatModel }
        : { provider: first.name, model: first.models[0] ?? null },
    demo: false,
  };
}

let cached: ProviderRegistry | undefined;

/** The configured providers, built once per process from getConfig(). */
export function getProviderRegistry(): ProviderRegistry {
  if (cached) return cached;
  const config = getConfig();
  cached = createProviderRegistry({
    providers: config.providers,
    contextWindows: config.contextWindows,
    chatModel: config.chatModel,
  });
  return cached;
}
