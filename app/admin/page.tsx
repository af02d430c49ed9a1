import type { Metadata } from 'next';
import { AdminScreen } from '@/components/admin/admin-screen';
import { requireAdminOrNotFound } from '@/lib/server/admin/page';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Admin', robots: { index: false, follow: false } };

/** Usage, controls, live answers and providers: ADMIN_EMAILS only, a missing page to anyone else. */
export default async function AdminPage() {
  await requireAdminOrNotFound();
  return <AdminScreen />;
}
