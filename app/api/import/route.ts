import { z } from 'zod';
import { MAX_IMPORT_BYTES } from '@/lib/chat/export-types';
import { importError, PRIVATE_HEADERS, uploadError } from '@/lib/server/export/http';
import { ImportValidationError } from '@/lib/server/export/import-schema';
import { importExport } from '@/lib/server/export/service';
import { route } from '@/lib/server/http/guard';
import { importLimits } from '@/lib/server/http/limits';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/**
 * Imports a Parley JSON export (one conversation, or an archive of all with the assistants) as
 * NEW conversations and assistants of the caller's, or a NextChat mask file as assistants; ids in
 * the file are never reused. Body: the file itself, at most 5 MB.
 */
export const POST = route(
  {
    identity: 'user',
    limits: importLimits,
    body: { schema: z.unknown(), maxBytes: MAX_IMPORT_BYTES },
    mapError: (error) =>
      error instanceof ImportValidationError ? importError(error) : uploadError(error),
  },
  async ({ userId, body }) => {
    const result = await importExport(userId, body);
    return Response.json(result, { status: 201, headers: PRIVATE_HEADERS });
  },
);
