import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { cache } from 'react';
import { z } from 'zod';
import { ChatScreen } from '@/components/chat/chat-screen';
import { requirePageAccess } from '@/lib/server/access/gate';
import { loadConversation } from '@/lib/server/chat/conversations';
import { getModelBadge } from '@/lib/server/providers/model-badge';
import { currentCaller } from '@/lib/server/auth/current';

export const dynamic = 'force-dynamic';

type Props = { params: Promise<{ id: string }> };

const load = cache(async (id: string) => {
  await requirePageAccess();
  if (!z.uuid().safeParse(id).success) return null;
  // A page signs nobody out: the next API request does, with a sentence saying why.
  const caller = await currentCaller(false);
  const userId = caller && !caller.unverified ? caller.userId : null;
  return userId ? loadConversation(userId, id) : null;
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const detail = await load((await params).id);
  return { title: detail?.conversation.title || 'Conversation' };
}

export default async function ConversationPage({ params }: Props) {
  const { id } = await params;
  const detail = await load(id);
  if (!detail) notFound();
  return <ChatScreen key={id} initial={detail} badge={await getModelBadge(detail.conversation)} />;
}
