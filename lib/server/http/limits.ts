import 'server-only';
import type { CallerKind } from '@/lib/server/auth/current';
import { getConfig } from '@/lib/server/config';
import { clientAddress } from './client-address';
import { type Limit, MINUTE } from './rate-limit';

/** POST /api/chat: per user, and per client address for every user behind it together. */
export function chatLimits({
  userId,
  kind,
  request,
}: {
  userId: string;
  kind: CallerKind;
  request: Request;
}): Limit[] {
  const { chatPerUser, chatPerIp } = getConfig().rateLimits;
  // Guests and signed-in users have limits of their own (RATE_LIMIT_CHAT_PER_ACCOUNT).
  const perUser = kind === 'account' ? getConfig().access.chatPerAccount : chatPerUser;
  return [
    { key: `chat:${kind}:${userId}`, max: perUser, windowMs: MINUTE, what: 'messages' },
    {
      key: `chat:ip:${clientAddress(request.headers)}`,
      max: chatPerIp,
      windowMs: MINUTE,
      what: 'messages from your network',
    },
  ];
}
