import { ARCHIVE_FORMAT, EXPORT_VERSION } from '@/lib/chat/export-types';
import { errorResponse } from '@/lib/server/errors';
import { attachment, exportFormat } from '@/lib/server/export/http';
import { toArchiveExport } from '@/lib/server/export/json';
import { exportArchive } from '@/lib/server/export/service';
import { readUserId } from '@/lib/server/session';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Downloads every conversation of the caller as one JSON file (POST /api/import reads it back). */
export async function GET(request: Request) {
  try {
    exportFormat(request, ['json']);
    const userId = await readUserId();
    const archive = userId ? await exportArchive(userId) : toArchiveExport([]);
    const day = archive.exportedAt.slice(0, 10);
    return attachment(
      JSON.stringify(archive, null, 2),
      `parley-conversations-${day}`,
      'json',
      `${ARCHIVE_FORMAT}-v${EXPORT_VERSION}`,
    );
  } catch (error) {
    return errorResponse(error);
  }
}
