import 'server-only';
import { notFound } from 'next/navigation';
import { type AdminIdentity, currentAdmin } from './identity';

/**
 * For the /admin page (a server component): the admin, or Next's not-found for anyone else.
 * proxy.ts has already answered a non-admin as a missing page; this is the second check.
 */
export async function requireAdminOrNotFound(): Promise<AdminIdentity> {
  const admin = await currentAdmin();
  if (!admin) notFound();
  return admin;
}
