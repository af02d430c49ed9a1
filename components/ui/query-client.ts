import { MutationCache, QueryClient } from '@tanstack/react-query';
import '@/lib/queries/meta';
import { toast } from '@/lib/store/toast-store';

/**
 * The browser's one QueryClient. A mutation that names an `errorMessage` in its meta gets a toast
 * when it fails, so the query hooks (lib/queries) never reach into the toast store themselves.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        const what = mutation.meta?.errorMessage;
        if (what) toast({ tone: 'error', message: `${what}: ${error.message}` });
      },
    }),
  });
}
