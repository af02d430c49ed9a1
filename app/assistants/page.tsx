import type { Metadata } from 'next';
import { AssistantsScreen } from '@/components/assistants/assistants-screen';
import { requirePageAccess } from '@/lib/server/access/gate';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Assistants', robots: { index: false, follow: false } };

export default async function AssistantsPage() {
  await requirePageAccess();
  return <AssistantsScreen />;
}
