import { route } from '@/lib/server/http/guard';
import { withCookies } from '@/lib/server/auth/http';
import { deleteAccount, signOut } from '@/lib/server/auth/service';
import { accountStatus } from '@/lib/server/auth/status';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Who is signed in (null for a guest), and which ways to sign in this Parley offers. */
export const GET = route({ identity: 'optional' }, async ({ db }) =>
  withCookies(await accountStatus(db), []),
);

/** "Delete my account and data": conversations, shared links, files, sessions, the account. */
export const DELETE = route({ identity: 'optional' }, async ({ db, request }) => {
  const deletedConversations = await deleteAccount(db);
  const cookies = await signOut(request.headers, false).catch(() => []);
  return withCookies({ deletedConversations }, cookies);
});
