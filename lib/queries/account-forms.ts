'use client';
import { useMutation } from '@tanstack/react-query';
import { type AccountStatus, reload } from './account';
import { ApiError, fetchJson } from './fetch-json';

// The account forms' requests (sign in, create, forgot / reset / change the password, send the
// confirmation link again). Apart from account.ts, which the sidebar loads with the page: these
// load with their forms.

const post = <T>(path: string, body: unknown) =>
  fetchJson<T>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

export const COOKIE_DROPPED =
  'This browser did not keep the sign-in cookie, so you are still a guest and your conversations stay here. Allow cookies for this site and try again.';

/** What a form shows once it is done instead of reloading ("check your inbox"). */
export interface Done {
  message: string;
}

export function useSignIn(mode: 'sign-in' | 'sign-up') {
  return useMutation({
    mutationFn: async (input: {
      email: string;
      password: string;
      name?: string;
    }): Promise<Done | null> => {
      const answer = await post<{ checkInbox?: true; message?: string }>(
        `/api/account/${mode}`,
        input,
      );
      // With mail, creating an account signs nobody in: the link in the mail does.
      if (answer.checkInbox) return { message: answer.message ?? 'Check your inbox.' };
      // The server moves this browser's conversations only once a request shows the browser
      // kept the account's cookie; one that did not is told so instead of being reloaded.
      const status = await fetchJson<AccountStatus>('/api/account');
      if (!status.account) throw new Error(COOKIE_DROPPED);
      return null;
    },
    onSuccess: (done) => {
      if (!done) reload();
    },
  });
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (email: string) => post<Done>('/api/account/password/forgot', { email }),
  });
}

export function useResetPassword() {
  return useMutation({
    mutationFn: (input: { token: string; password: string }) =>
      post<unknown>('/api/account/password/reset', input),
  });
}

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      post<unknown>('/api/account/password', input),
  });
}

export function useResendVerification() {
  return useMutation({
    mutationFn: () => post<Done>('/api/account/verification', {}),
  });
}

/** The error of a mutation in words: the server's sentence, or that it could not be reached. */
export function problemOf(error: Error | null): string | null {
  if (!error) return null;
  if (error instanceof ApiError || error.message === COOKIE_DROPPED) return error.message;
  return 'Could not reach Parley. Try again.';
}
