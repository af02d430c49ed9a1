import { randomUUID } from 'node:crypto';
import { ChatScreen } from '@/components/chat/chat-screen';
import { requirePageAccess } from '@/lib/server/access/gate';
import { warmUpDatabase } from '@/lib/server/http/warm-up';
import { getModelBadge } from '@/lib/server/providers/model-badge';

export const dynamic = 'force-dynamic';

export default async function NewChatPage() {
  await requirePageAccess();
  // This page needs no data, so it does not wait for the database: the start is only kicked off.
  warmUpDatabase();
  // A fresh key per visit: after the first message this screen's URL became /c/[id] in place,
  // so coming back to / must start over rather than reuse that state.
  return <ChatScreen key={randomUUID()} initial={null} badge={await getModelBadge()} />;
}
