import { afterEach, describe, expect, it } from 'vitest';
import { toastStore } from '@/lib/store/toast-store';
import { createQueryClient } from './query-client';

afterEach(() => toastStore.clear());

describe('the app QueryClient', () => {
  it('toasts a failed mutation that names what failed, with the reason', async () => {
    const client = createQueryClient();
    const failing = (meta?: { errorMessage?: string }) =>
      client
        .getMutationCache()
        .build(client, {
          mutationFn: () => Promise.reject(new Error('The server is busy.')),
          ...(meta ? { meta } : {}),
        })
        .execute(undefined)
        .catch(() => {});
    await failing({ errorMessage: 'Could not switch the model' });
    await failing();
    expect(toastStore.get().map((t) => [t.tone, t.message])).toEqual([
      ['error', 'Could not switch the model: The server is busy.'],
    ]);
  });
});
