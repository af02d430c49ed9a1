import 'server-only';
import { z } from 'zod';
import { AppError } from '@/lib/server/errors';
import { PRIVATE_HEADERS } from '@/lib/server/private-headers';
import { readJsonBody } from '@/lib/server/read-body';

// Request/response helpers shared by the share routes.

export const MAX_SHARE_BODY_BYTES = 4 * 1024;

export { PRIVATE_HEADERS };

export const createShareSchema = z
  .object({ indexable: z.boolean().optional(), includeAttachments: z.boolean().optional() })
  .strict();

export const updateShareSchema = z
  .object({ refresh: z.boolean().optional(), indexable: z.boolean().optional() })
  .strict()
  .refine((b) => b.refresh !== undefined || b.indexable !== undefined, {
    message: 'Send `refresh: true` to update the snapshot, or `indexable`.',
  });

/** A JSON body when one was sent; `{}` for an empty request (e.g. a bare POST). */
export async function readOptionalJson<T extends z.ZodType>(
  request: Request,
  schema: T,
): Promise<z.infer<T>> {
  const length = request.headers.get('content-length');
  if (!request.body || length === '0') {
    const parsed = schema.safeParse({});
    if (!parsed.success) throw new AppError('bad_request', 'The request has no body.');
    return parsed.data;
  }
  return readJsonBody(request, schema, MAX_SHARE_BODY_BYTES);
}

export function forbiddenCrossSite(): Response {
  return Response.json(
    { error: { code: 'forbidden', message: 'Cross-site requests are not allowed here.' } },
    { status: 403, headers: PRIVATE_HEADERS },
  );
}

/** A browser form (no JavaScript) wants a page, not JSON. */
export function wantsHtml(request: Request): boolean {
  const accept = request.headers.get('accept') ?? '';
  return accept.includes('text/html');
}
