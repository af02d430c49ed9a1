import 'server-only';
import { AppError } from '@/lib/server/errors';

// An account an admin disabled (/admin): its sessions end at their next request, which is
// answered 403 with this sentence on every route, and signing in is refused with it.

export const DISABLED_MESSAGE = 'This account has been disabled by an administrator.';

export const disabledError = () =>
  new AppError('account_disabled', DISABLED_MESSAGE, { details: { reason: 'account_disabled' } });
