'use client';
import { useMutation, useQuery } from '@tanstack/react-query';
import { fetchJson } from './fetch-json';

// The account: who is signed in, and the ways to sign in this Parley offers.

export interface AccountStatus {
  account: { email: string; name: string } | null;
  guestsAllowed: boolean;
  /** Single sign-on providers configured on the server (buttons "Continue with {name}"). */
  providers: { id: 'oidc' | 'github'; name: string }[];
}

export const accountKeys = { status: () => ['account'] as const };

export function useAccountStatus() {
  return useQuery({
    queryKey: accountKeys.status(),
    queryFn: () => fetchJson<AccountStatus>('/api/account'),
    staleTime: 60_000,
  });
}

const post = (path: string, body: unknown) =>
  fetchJson<unknown>(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

/**
 * Signing in or out changes whose conversations every screen shows: the page is loaded again
 * rather than patching each cached query.
 */
function reload() {
  window.location.reload();
}

export function useSignIn(mode: 'sign-in' | 'sign-up') {
  return useMutation({
    mutationFn: async (input: { email: string; password: string; name?: string }) => {
      await post(`/api/account/${mode}`, input);
      // The server moves this browser's conversations only once a request shows the browser
      // kept the account's cookie; one that did not is told so instead of being reloaded.
      const status = await fetchJson<AccountStatus>('/api/account');
      if (!status.account) throw new Error(COOKIE_DROPPED);
    },
    onSuccess: reload,
  });
}

export const COOKIE_DROPPED =
  'This browser did not keep the sign-in cookie, so you are still a guest and your conversations stay here. Allow cookies for this site and try again.';

export function useSignOut() {
  return useMutation({
    mutationFn: (everywhere: boolean) => post('/api/account/sign-out', { everywhere }),
    meta: { errorMessage: 'Could not sign out.' },
    onSuccess: reload,
  });
}

export function useDeleteAccount() {
  return useMutation({
    mutationFn: () => fetchJson<unknown>('/api/account', { method: 'DELETE' }),
    onSuccess: () => window.location.assign('/'),
  });
}

/** Starts a single sign-on: the server answers the provider's URL and the browser goes there. */
export function useSso() {
  return useMutation({
    mutationFn: (provider: string) =>
      fetchJson<{ url: string }>('/api/account/sso', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ provider, returnTo: window.location.pathname }),
      }),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
