import 'server-only';
import { log } from '@/lib/server/log';
import type { ModelOption, ModelsResponse, ProviderSummary } from '@/lib/chat/api-types';
import { getConfig } from '@/lib/server/config';
import { AppError } from '@/lib/server/errors';
import { getProviderRegistry, type Provider } from './registry';
import type { UpstreamModel } from '@/lib/server/upstream/types';

// The models the browser may pick: per provider, its configured models first, then what its
// GET /models adds (cached). A chat request may only name a provider and model from this list.

export type ModelList = ModelsResponse;

const TTL_MS = 5 * 60_000;
// A provider that failed is asked again soon, but not on every request.
const FAILURE_TTL_MS = 30_000;
const LIST_TIMEOUT_MS = 5_000;

interface Listing {
  at: number;
  ttl: number;
  models: UpstreamModel[];
  error: string | null;
}

const listings = new Map<string, Listing>();
const inFlight = new Map<string, Promise<Listing>>();

async function fetchListing(provider: Provider): Promise<Listing> {
  try {
    const models = await provider.upstream.listModels(AbortSignal.timeout(LIST_TIMEOUT_MS));
    return {
      at: Date.now(),
      ttl: models.length > 0 ? TTL_MS : FAILURE_TTL_MS,
      models,
      error: null,
    };
  } catch (error) {
    // The reason stays in the server log: it may quote the provider.
    log.warn({ provider: provider.name, err: error }, 'could not list the models of a provider');
    return {
      at: Date.now(),
      ttl: FAILURE_TTL_MS,
      models: [],
      error: 'Could not list this provider’s models; only its configured models are offered.',
    };
  }
}

async function listingOf(provider: Provider): Promise<Listing> {
  const cached = listings.get(provider.name);
  if (cached && Date.now() - cached.at < cached.ttl) return cached;
  let pending = inFlight.get(provider.name);
  if (!pending) {
    pending = fetchListing(provider).finally(() => inFlight.delete(provider.name));
    inFlight.set(provider.name, pending);
  }
  const listing = await pending;
  listings.set(provider.name, listing);
  return listing;
}

function option(provider: Provider, model: UpstreamModel): ModelOption {
  return {
    id: model.id,
    label: model.label,
    provider: provider.name,
    contextWindow: provider.contextWindow(model.id),
    reasoningEffort: provider.supportsReasoningEffort(model.id),
    vision: provider.supportsVision(model.id),
  };
}

/** One provider's models: configured ones first, then the ones its GET /models adds. */
export async function providerModels(
  provider: Provider,
): Promise<{ models: ModelOption[]; error: string | null }> {
  const listing = await listingOf(provider);
  const seen = new Set<string>();
  const models: ModelOption[] = [];
  for (const m of [...provider.models.map((id) => ({ id, label: id })), ...listing.models]) {
    if (seen.has(m.id)) continue;
    seen.add(m.id);
    models.push(option(provider, listing.models.find((f) => f.id === m.id) ?? m));
  }
  return { models, error: models.length === 0 ? listing.error : null };
}

/** Every provider's models, for the picker. */
export async function listModels(): Promise<ModelList> {
  const registry = getProviderRegistry();
  const perProvider = await Promise.all(registry.providers.map((p) => providerModels(p)));
  const providers: ProviderSummary[] = registry.providers.map((p, i) => ({
    name: p.name,
    label: p.label,
    error: perProvider[i]?.error ?? null,
  }));
  const models = perProvider.flatMap((p) => p.models);
  const fallback = await resolveDefault();
  return {
    models,
    providers,
    defaultProvider: fallback.provider.name,
    defaultModel: fallback.model,
    demo: registry.demo,
    attachmentLimits: getConfig().attachmentLimits,
  };
}

export interface ResolvedModel {
  provider: Provider;
  model: string;
  contextWindow: number;
  /** Whether `reasoning_effort` may be sent to this model. */
  reasoningEffort: boolean;
}

function resolved(provider: Provider, model: string): ResolvedModel {
  return {
    provider,
    model,
    contextWindow: provider.contextWindow(model),
    reasoningEffort: provider.supportsReasoningEffort(model),
  };
}

async function resolveDefault(): Promise<ResolvedModel> {
  const registry = getProviderRegistry();
  const { provider: name, model } = registry.defaultChoice;
  const provider = registry.get(name);
  if (provider && model) return resolved(provider, model);
  for (const p of provider ? [provider, ...registry.providers] : registry.providers) {
    const first = (await providerModels(p)).models[0];
    if (first) return resolved(p, first.id);
  }
  throw new AppError(
    'internal',
    'No model is configured. Set CHAT_MODEL (or "models" in PROVIDERS) in the server configuration.',
  );
}

export interface ModelRequest {
  provider?: string | null;
  model?: string | null;
}

/** Only a configured provider, and a model it offers; anything else is a clear 400. */
async function resolveExact(request: ModelRequest): Promise<ResolvedModel> {
  const registry = getProviderRegistry();
  if (request.provider) {
    const provider = registry.get(request.provider);
    if (!provider) {
      throw new AppError(
        'bad_request',
        `The provider “${request.provider}” is not configured on this server.`,
      );
    }
    const { models } = await providerModels(provider);
    const model = request.model ? models.find((m) => m.id === request.model) : models[0];
    if (!model) {
      throw new AppError(
        'bad_request',
        request.model
          ? `The model “${request.model}” is not available from the provider “${provider.name}”.`
          : `The provider “${provider.name}” offers no models right now.`,
      );
    }
    return resolved(provider, model.id);
  }
  const wanted = request.model ?? '';
  // Configured models first: answering them needs no request to any provider.
  const configured = registry.providers.find((p) => p.models.includes(wanted));
  if (configured) return resolved(configured, wanted);
  for (const provider of registry.providers) {
    if ((await providerModels(provider)).models.some((m) => m.id === wanted)) {
      return resolved(provider, wanted);
    }
  }
  throw new AppError('bad_request', `The model “${wanted}” is not available on this server.`);
}

/**
 * The provider and model to use. `requested` (from the browser) must name a configured provider
 * and one of its models, else 400; without it, `stored` (the conversation's last choice) is used
 * if it is still available, else the server's default.
 */
export async function resolveModelChoice(
  requested?: ModelRequest,
  stored?: ModelRequest,
): Promise<ResolvedModel> {
  if (requested?.provider || requested?.model) return resolveExact(requested);
  if (stored?.provider || stored?.model) {
    try {
      return await resolveExact(stored);
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'bad_request') throw error;
      // The configuration changed since; carry on with the default rather than fail.
    }
  }
  return resolveDefault();
}

/** The model id to use (any provider); kept for callers that only deal in model ids. */
export async function resolveModel(requested: string | undefined): Promise<string> {
  return (await resolveModelChoice(requested ? { model: requested } : undefined)).model;
}
