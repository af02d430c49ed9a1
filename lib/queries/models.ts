'use client';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModelsResponse } from '@/lib/chat/api-types';
import { fetchJson } from './fetch-json';

export const modelKeys = {
  all: ['models'] as const,
  list: () => [...modelKeys.all, 'list'] as const,
};

export const modelListOptions = () =>
  queryOptions({
    queryKey: modelKeys.list(),
    queryFn: ({ signal }) => fetchJson<ModelsResponse>('/api/models', { signal }),
    staleTime: 5 * 60_000,
  });

export function useModels() {
  return useQuery(modelListOptions());
}
