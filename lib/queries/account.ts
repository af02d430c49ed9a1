'use client';
import { useMutation, useQuery } from '@tanstack/react-query';
import { fetchJson } from './fetch-json';

// The account: who is signed in, and the ways to sign in this Parley offers.

export interface AccountStatus {
  account: {
    email: string;
    name: string;
    emailVerified: boolean;
    /** ALLOWED_EMAILS is set and the address is not confirmed: no chatting until it is. */
    mustVerify: boolean;
    methods: ('password' | 'oidc' | 'github')[];
  } | null;
  /** Why this browser was signed out (the allow-list no longer names its address), once. */
  notice: string | null;
  guestsAllowed: boolean;
  /** Single sign-on providers configured on the server (buttons "Continue with {name}"). */
  providers: { id: 'oidc' | 'github'; name: string }[];
  /** false: single sign-on only (ALLOWED_EMAILS without mail). */
  passwordAccounts: boolean;
  /** "Forgot password?" is offered (the server sends mail). */
  passwordReset: boolean;
  /** The account is one of ADMIN_EMAILS (the menu offers the admin page). Absent: false. */
  admin?: boolean;
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
export function reload() {
  window.location.reload();
}

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
