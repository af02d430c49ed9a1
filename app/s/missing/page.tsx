import type { Metadata } from 'next';
import SharedLinkNotFound from '../[id]/not-found';

// Where proxy.ts sends a shared link that does not exist, with status 404. Rendered like any
// page (not through notFound(), whose body Next fills only with JavaScript), so the message is
// in the HTML.

export const metadata: Metadata = {
  title: 'Link not found',
  description: 'This shared link does not exist, or the person who shared it removed it.',
  robots: { index: false, follow: false },
};

export default function MissingSharePage() {
  return <SharedLinkNotFound />;
}
