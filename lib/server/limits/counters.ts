import 'server-only';
import { getConfig } from '@/lib/server/config';
import { clientAddress } from './client-address';
import { DAY, HOUR, type Limit } from './rate-limit';

// The limits a domain service counts itself, after the route's guard has let the request in
// (the per-route limits are in lib/server/http/limits.ts).

/** The counter of a user's tokens per day (spent by lib/server/chat/token-budget.ts). */
export const tokenCounter = (userId: string) => ({ key: `tokens:user:${userId}`, windowMs: DAY });

/** After an upload's body is read, before it is stored: its bytes. */
export function uploadByteLimits(userId: string, request: Request, bytes: number): Limit[] {
  const { uploadBytesPerUser, uploadBytesPerIp } = getConfig().rateLimits;
  const common = { windowMs: HOUR, cost: bytes, unit: 'bytes' } as const;
  return [
    { ...common, key: `upload-bytes:user:${userId}`, max: uploadBytesPerUser, what: 'uploaded' },
    {
      ...common,
      key: `upload-bytes:ip:${clientAddress(request.headers)}`,
      max: uploadBytesPerIp,
      what: 'uploaded from your network',
    },
  ];
}

/**
 * Account mails (verification, reset, "you already have an account"): per e-mail address and
 * per client address, counted whether or not the address has an account.
 */
export function mailLimits(email: string, address: string): Limit[] {
  const { perAddress, perIp } = getConfig().mail;
  return [
    {
      key: `mail:address:${email.trim().toLowerCase()}`,
      max: perAddress,
      windowMs: HOUR,
      what: 'account mails to this address',
    },
    {
      key: `mail:ip:${address}`,
      max: perIp,
      windowMs: HOUR,
      what: 'account mails from your network',
    },
  ];
}
