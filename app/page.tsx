import { randomUUID } from 'node:crypto';
import { ChatScreen } from '@/components/chat/chat-screen';
import { requirePageAccess } from '@/lib/server/access/gate';
import { assistantForNewChat } from '@/lib/server/assistants/page';
import { warmUpDatabase } from '@/lib/server/http/warm-up';
import { getModelBadge } from '@/lib/server/providers/model-badge';

export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<{ assistant?: string | string[] }> };

export default async function NewChatPage({ searchParams }: Props) {
  await requirePageAccess();
  // This page needs no data, so it does not wait for the database: the start is only kicked off.
  // `/?assistant=<id>` ("New chat with this assistant") is the one read it waits for.
  warmUpDatabase();
  const assistant = await assistantForNewChat((await searchParams).assistant);
  // A fresh key per visit: after the first message this screen's URL became /c/[id] in place,
  // so coming back to / must start over rather than reuse that state.
  return (
    <ChatScreen
      key={randomUUID()}
      initial={null}
      badge={await getModelBadge()}
      assistant={assistant}
    />
  );
}
