import 'server-only';
import { getProviderRegistry, type Provider } from '@/lib/server/providers';
import { ModelListError } from '@/lib/server/upstream/list-error';
import { mapUpstreamHttpError, UNREACHABLE } from '@/lib/server/upstream/map-error';

// Each configured provider's state for the admin page: asked for its model list now, with a
// short timeout. A failure is said in the chat's own words (upstream/map-error.ts), redacted of
// the provider's key and header values; no URL or key is ever part of the answer.

const CHECK_TIMEOUT_MS = 4_000;

export interface ProviderStatus {
  name: string;
  label: string;
  reachable: boolean;
  models: number | null;
  error: string | null;
  checkedAt: string;
}

const TIMED_OUT = 'The AI provider did not answer its model list within 4 seconds.';

function inWords(provider: Provider, error: unknown): { reachable: boolean; error: string } {
  if (error instanceof ModelListError) {
    const mapped = mapUpstreamHttpError(
      {
        status: error.status,
        body: error.body,
        headers: error.headers,
        model: provider.models[0] ?? 'its models',
      },
      provider.secrets,
    );
    return { reachable: true, error: mapped.message };
  }
  if (error instanceof DOMException && error.name === 'TimeoutError') {
    return { reachable: false, error: TIMED_OUT };
  }
  if (error instanceof Error && /unexpected body|too large|exceed/i.test(error.message)) {
    return {
      reachable: true,
      error: 'The AI provider answered its model list with something that is not one.',
    };
  }
  return { reachable: false, error: UNREACHABLE.message };
}

async function check(provider: Provider): Promise<ProviderStatus> {
  const base = { name: provider.name, label: provider.label };
  try {
    const models = await provider.upstream.listModels(AbortSignal.timeout(CHECK_TIMEOUT_MS));
    return {
      ...base,
      reachable: true,
      models: models.length,
      error: null,
      checkedAt: new Date().toISOString(),
    };
  } catch (error) {
    return {
      ...base,
      ...inWords(provider, error),
      models: null,
      checkedAt: new Date().toISOString(),
    };
  }
}

export async function providerStatuses(): Promise<ProviderStatus[]> {
  return Promise.all(getProviderRegistry().providers.map(check));
}
