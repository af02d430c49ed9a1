import { errorResponse } from '@/lib/server/errors';
import { importError, PRIVATE_HEADERS, readUpload } from '@/lib/server/export/http';
import { ImportValidationError } from '@/lib/server/export/import-schema';
import { importExport } from '@/lib/server/export/service';
import { forbiddenCrossSite } from '@/lib/server/share/http';
import { isCrossSite } from '@/lib/server/share/same-origin';
import { resolveUser } from '@/lib/server/session';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Imports a Parley JSON export (one conversation or an archive of all) as NEW conversations of
 * the caller's; ids in the file are never reused. Body: the file itself, at most 5 MB.
 */
export async function POST(request: Request) {
  try {
    // A cross-site post arrives without the visitor's cookie and would replace their identity.
    if (isCrossSite(request.headers)) return forbiddenCrossSite();
    const file = await readUpload(request);
    const { userId } = await resolveUser();
    const result = await importExport(userId, file);
    return Response.json(result, { status: 201, headers: PRIVATE_HEADERS });
  } catch (error) {
    if (error instanceof ImportValidationError) return errorResponse(importError(error));
    return errorResponse(error);
  }
}
