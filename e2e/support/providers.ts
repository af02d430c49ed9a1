// The second provider of the e2e app (PROVIDERS in playwright.config.ts): the same mock upstream
// under another name, with its own header, query parameter and a tiny context window, so specs
// can tell which provider a request went to and see older messages left out.
import { E2E_API_KEY, MOCK_UPSTREAM_URL } from './env';

export const SMALL_PROVIDER = 'small';
export const SMALL_PROVIDER_LABEL = 'Small';
export const TINY_MODEL = 'mock-tiny';
/** Tokens; with the built-in tools' definitions (~430) and the reply reserve, ~460 remain. */
export const TINY_CONTEXT_WINDOW = 1200;
export const SMALL_PROVIDER_HEADER = { name: 'x-parley-provider', value: 'small' } as const;
export const SMALL_PROVIDER_QUERY = { 'api-version': 'e2e-2024-06-01' } as const;

export const E2E_PROVIDERS = JSON.stringify([
  {
    name: SMALL_PROVIDER,
    label: SMALL_PROVIDER_LABEL,
    baseUrl: MOCK_UPSTREAM_URL,
    apiKey: E2E_API_KEY,
    models: [TINY_MODEL],
    headers: { [SMALL_PROVIDER_HEADER.name]: SMALL_PROVIDER_HEADER.value },
    query: SMALL_PROVIDER_QUERY,
    contextWindow: { [TINY_MODEL]: TINY_CONTEXT_WINDOW },
  },
]);
