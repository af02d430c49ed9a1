import 'server-only';
import { type AccountInfo, activeAccount } from '@/lib/server/auth/current';
import { getConfig } from '@/lib/server/config';
import { canSendMail } from '@/lib/server/mail/send';

// Who is an admin: a signed-in account (never a guest) whose address ADMIN_EMAILS lists, that
// the allow-list still names, that no admin disabled, and, where addresses can be verified (mail
// is configured; a single sign-on address is always verified), whose address is verified.

export interface AdminIdentity {
  userId: string;
  email: string;
}

export function isAdminAccount(account: Pick<AccountInfo, 'email' | 'emailVerified'>): boolean {
  const { emails } = getConfig().admin;
  if (!emails.includes(account.email.trim().toLowerCase())) return false;
  return account.emailVerified || !canSendMail();
}

/** The admin making this request, or null; changes nothing. `requestHeaders` in proxy.ts. */
export async function currentAdmin(requestHeaders?: Headers): Promise<AdminIdentity | null> {
  if (getConfig().admin.emails.length === 0) return null;
  const account = await activeAccount(requestHeaders);
  if (!account || !isAdminAccount(account)) return null;
  return { userId: account.userId, email: account.email };
}
