// @vitest-environment happy-dom
import { type InfiniteData, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConversationDetail, ConversationPage } from '@/lib/chat/api-types';
import type { Conversation } from '@/lib/chat/types';
import { useDeleteConversation, useRenameConversation } from './conversation-history';
import { conversationKeys } from './conversations';

const conversation = (id: string, title: string): Conversation => ({
  id,
  title,
  model: 'm',
  settings: {},
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

let client: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) =>
  createElement(QueryClientProvider, { client }, children);

const history = () =>
  client.getQueryData<InfiniteData<ConversationPage, string | null>>(conversationKeys.infinite(''));
const titles = () => history()?.pages.flatMap((p) => p.items.map((c) => c.title));

/** A server that answers after `release()` with `status`. */
function fakeServer(status: number) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetchMock = vi.fn(async () => {
    await gate;
    return status === 204
      ? new Response(null, { status })
      : Response.json(
          status < 400
            ? { conversation: conversation('a', 'Renamed') }
            : { error: { code: 'internal', message: 'Server trouble.' } },
          { status },
        );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { release, fetchMock };
}

beforeEach(() => {
  client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData<InfiniteData<ConversationPage, string | null>>(
    conversationKeys.infinite(''),
    {
      pages: [
        { items: [conversation('a', 'Alpha'), conversation('b', 'Beta')], nextCursor: 'c1' },
        { items: [conversation('c', 'Gamma')], nextCursor: null },
      ],
      pageParams: [null, 'c1'],
    },
  );
  client.setQueryData<ConversationPage>(conversationKeys.infinite('alp'), {
    items: [conversation('a', 'Alpha')],
    nextCursor: null,
  });
  client.setQueryData<ConversationDetail>(conversationKeys.detail('a'), {
    conversation: conversation('a', 'Alpha'),
    messages: [],
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useRenameConversation', () => {
  it('shows the new title everywhere at once and keeps it when the server agrees', async () => {
    const server = fakeServer(200);
    const { result } = renderHook(() => useRenameConversation(), { wrapper });
    act(() => result.current.mutate({ id: 'a', title: 'Renamed' }));
    await waitFor(() => expect(titles()).toEqual(['Renamed', 'Beta', 'Gamma']));
    expect(
      client.getQueryData<ConversationDetail>(conversationKeys.detail('a'))?.conversation.title,
    ).toBe('Renamed');
    expect(
      client.getQueryData<ConversationPage>(conversationKeys.infinite('alp'))?.items[0]?.title,
    ).toBe('Renamed');
    server.release();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    const [url, init] = server.fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/conversations/a');
    expect(init.method).toBe('PATCH');
    expect(JSON.parse(String(init.body))).toEqual({ title: 'Renamed' });
  });

  it('rolls every copy back when the server refuses', async () => {
    const server = fakeServer(500);
    const { result } = renderHook(() => useRenameConversation(), { wrapper });
    act(() => result.current.mutate({ id: 'a', title: 'Renamed' }));
    await waitFor(() => expect(titles()?.[0]).toBe('Renamed'));
    server.release();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.message).toBe('Server trouble.');
    expect(titles()).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(
      client.getQueryData<ConversationDetail>(conversationKeys.detail('a'))?.conversation.title,
    ).toBe('Alpha');
  });
});

describe('useDeleteConversation', () => {
  it('drops the conversation from every list at once', async () => {
    const server = fakeServer(204);
    const { result } = renderHook(() => useDeleteConversation(), { wrapper });
    act(() => result.current.mutate('a'));
    await waitFor(() => expect(titles()).toEqual(['Beta', 'Gamma']));
    expect(client.getQueryData<ConversationPage>(conversationKeys.infinite('alp'))?.items).toEqual(
      [],
    );
    server.release();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(client.getQueryData(conversationKeys.detail('a'))).toBeUndefined();
  });

  it('puts it back if the delete fails', async () => {
    const server = fakeServer(500);
    const { result } = renderHook(() => useDeleteConversation(), { wrapper });
    act(() => result.current.mutate('a'));
    await waitFor(() => expect(titles()).toEqual(['Beta', 'Gamma']));
    server.release();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(titles()).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect(client.getQueryData(conversationKeys.detail('a'))).toBeDefined();
  });
});
