import 'server-only';
import { AppError } from '@/lib/server/errors';
import { getProviderRegistry } from '@/lib/server/providers/registry';
import type { Upstream } from './types';

/**
 * The Upstream of a configured provider (lib/server/providers); without a name, the default
 * provider's (the offline demo model when nothing is configured).
 */
export function getUpstream(provider?: string): Upstream {
  const registry = getProviderRegistry();
  const name = provider ?? registry.defaultChoice.provider;
  const found = registry.get(name);
  if (!found) {
    throw new AppError('bad_request', `The provider “${name}” is not configured on this server.`);
  }
  return found.upstream;
}
