'use client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsSchema, type UserChange, userAnswerSchema } from '@/lib/admin/schemas';
import { adminJson, adminRequest } from './admin-fetch';
import { adminKeys } from './admin';

// The admin page's actions. Each one is written to the audit log by the server and may change
// what usage, the users and the live view show, so the admin queries refresh when it settles.

const userPath = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;

function useAdminMutation<V, R>(errorMessage: string, mutationFn: (input: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorMessage },
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const useUpdateUser = () =>
  useAdminMutation('Could not change the user', (input: { id: string; change: UserChange }) =>
    adminJson(userAnswerSchema, userPath(input.id), {
      method: 'PATCH',
      body: JSON.stringify(input.change),
    }),
  );

export const useDeleteUser = () =>
  useAdminMutation('Could not delete the user', async (id: string) => {
    await adminRequest(userPath(id), { method: 'DELETE' });
  });

/** true / false overrides ALLOW_GUESTS; null goes back to it. */
export const useSetGuests = () =>
  useAdminMutation('Could not change guest access', (guestsAllowed: boolean | null) =>
    adminJson(settingsSchema, '/api/admin/settings', {
      method: 'PATCH',
      body: JSON.stringify({ guestsAllowed }),
    }),
  );

export const useStopGeneration = () =>
  useAdminMutation('Could not stop the answer', async (id: string) => {
    await adminRequest(`/api/admin/live/${encodeURIComponent(id)}/stop`, { method: 'POST' });
  });
