import { randomUUID } from 'node:crypto';
import { ChatScreen } from '@/components/chat/chat-screen';
import { requirePageAccess } from '@/lib/server/access/gate';
import { getDb } from '@/lib/server/database';
import { log } from '@/lib/server/log';
import { getModelBadge } from '@/lib/server/model-badge';

export const dynamic = 'force-dynamic';

export default async function NewChatPage() {
  await requirePageAccess();
  // A brand-new embedded database takes seconds to initialise. This page needs no data, so it
  // does not wait: the start is only kicked off, ready by the time the first message is sent.
  getDb().catch((error: unknown) => log.error({ err: error }, 'opening the database failed'));
  // A fresh key per visit: after the first message this screen's URL became /c/[id] in place,
  // so coming back to / must start over rather than reuse that state.
  return <ChatScreen key={randomUUID()} initial={null} badge={await getModelBadge()} />;
}
