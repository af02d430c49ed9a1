import { renderPreview } from './preview-image';

export const alt = 'Title and first question of a conversation shared from Parley';
export const size = { width: 1200, height: 630 };
export const contentType = 'image/png';
export const dynamic = 'force-dynamic';

export default function Image({ params }: { params: Promise<{ id: string }> }) {
  return renderPreview(params);
}
