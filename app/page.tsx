import { randomUUID } from 'node:crypto';
import { ChatScreen } from '@/components/chat/chat-screen';
import { getDb } from '@/lib/server/database';
import { getModelBadge } from '@/lib/server/model-badge';

export const dynamic = 'force-dynamic';

export default async function NewChatPage() {
  // A brand-new embedded database takes seconds to initialise; do it while the page is being
  // opened rather than after the user's first message.
  await getDb();
  // A fresh key per visit: after the first message this screen's URL became /c/[id] in place,
  // so coming back to / must start over rather than reuse that state.
  return <ChatScreen key={randomUUID()} initial={null} badge={await getModelBadge()} />;
}
