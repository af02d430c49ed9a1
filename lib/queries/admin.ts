'use client';
import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useQuery,
} from '@tanstack/react-query';
import {
  auditPageSchema,
  liveSchema,
  providersSchema,
  settingsSchema,
  usageSchema,
  userPageSchema,
} from '@/lib/admin/schemas';
import { adminJson } from './admin-fetch';

// The admin page's server state (/api/admin/*): a key factory and one hook per resource. The
// answers are parsed with the schemas of lib/admin/schemas.ts where they arrive.

export const adminKeys = {
  all: ['admin'] as const,
  usage: (from: string, to: string) => [...adminKeys.all, 'usage', { from, to }] as const,
  users: () => [...adminKeys.all, 'users'] as const,
  userList: (q: string) => [...adminKeys.users(), { q }] as const,
  settings: () => [...adminKeys.all, 'settings'] as const,
  audit: () => [...adminKeys.all, 'audit'] as const,
  live: () => [...adminKeys.all, 'live'] as const,
  providers: () => [...adminKeys.all, 'providers'] as const,
};

/** The live view asks again this often while the page is visible. */
export const LIVE_POLL_MS = 2_000;

const withParams = (path: string, params: Record<string, string | null>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

export const adminUsageOptions = (from: string, to: string) =>
  queryOptions({
    queryKey: adminKeys.usage(from, to),
    queryFn: ({ signal }) =>
      adminJson(usageSchema, withParams('/api/admin/usage', { from, to }), { signal }),
    staleTime: 30_000,
  });

/** Usage of a period; the previous period's stays on screen while the next one loads. */
export function useAdminUsage(from: string, to: string) {
  return useQuery({ ...adminUsageOptions(from, to), placeholderData: (previous) => previous });
}

export const adminUsersOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: adminKeys.userList(q),
    queryFn: ({ pageParam, signal }) =>
      adminJson(userPageSchema, withParams('/api/admin/users', { q, cursor: pageParam }), {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    staleTime: 10_000,
  });

export function useAdminUsers(q: string) {
  return useInfiniteQuery({ ...adminUsersOptions(q), placeholderData: (previous) => previous });
}

export function useAdminSettings() {
  return useQuery({
    queryKey: adminKeys.settings(),
    queryFn: ({ signal }) => adminJson(settingsSchema, '/api/admin/settings', { signal }),
    staleTime: 30_000,
  });
}

export function useAdminAudit() {
  return useInfiniteQuery({
    queryKey: adminKeys.audit(),
    queryFn: ({ pageParam, signal }) =>
      adminJson(auditPageSchema, withParams('/api/admin/audit', { cursor: pageParam }), {
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    staleTime: 10_000,
  });
}

/** Answers being written now, on every instance; asked again every 2 s while the tab is visible. */
export function useAdminLive() {
  return useQuery({
    queryKey: adminKeys.live(),
    queryFn: ({ signal }) => adminJson(liveSchema, '/api/admin/live', { signal }),
    staleTime: 0,
    refetchInterval: LIVE_POLL_MS,
    refetchIntervalInBackground: false,
  });
}

export function useAdminProviders() {
  return useQuery({
    queryKey: adminKeys.providers(),
    queryFn: ({ signal }) => adminJson(providersSchema, '/api/admin/providers', { signal }),
    staleTime: 60_000,
  });
}
