import 'server-only';
import { getConfig } from '@/lib/server/config';
import { clientAddress } from './client-address';
import { type Limit, MINUTE } from './rate-limit';

/** POST /api/chat: per user, and per client address for every user behind it together. */
export function chatLimits({ userId, request }: { userId: string; request: Request }): Limit[] {
  const { chatPerUser, chatPerIp } = getConfig().rateLimits;
  return [
    { key: `chat:user:${userId}`, max: chatPerUser, windowMs: MINUTE, what: 'messages' },
    {
      key: `chat:ip:${clientAddress(request.headers)}`,
      max: chatPerIp,
      windowMs: MINUTE,
      what: 'messages from your network',
    },
  ];
}
