import 'server-only';
import { z } from 'zod';
import { PRIVATE_HEADERS } from '@/lib/server/http/private-headers';

// Request/response helpers shared by the share routes.

export const MAX_SHARE_BODY_BYTES = 4 * 1024;

export { PRIVATE_HEADERS };

export const createShareSchema = z
  .object({ indexable: z.boolean().optional(), includeAttachments: z.boolean().optional() })
  .strict();

export const updateShareSchema = z
  .object({
    refresh: z.boolean().optional(),
    indexable: z.boolean().optional(),
    includeAttachments: z.boolean().optional(),
  })
  .strict()
  .refine(
    (b) =>
      b.refresh !== undefined || b.indexable !== undefined || b.includeAttachments !== undefined,
    {
      message: 'Send `refresh: true` to update the snapshot, `indexable` or `includeAttachments`.',
    },
  );

/** A browser form (no JavaScript) wants a page, not JSON. */
export function wantsHtml(request: Request): boolean {
  const accept = request.headers.get('accept') ?? '';
  return accept.includes('text/html');
}
