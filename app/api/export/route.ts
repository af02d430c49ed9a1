import { z } from 'zod';
import { ARCHIVE_FORMAT, EXPORT_VERSION } from '@/lib/chat/export-types';
import { attachment, exportFormatSchema } from '@/lib/server/export/http';
import { toArchiveExport } from '@/lib/server/export/json';
import { exportArchive } from '@/lib/server/export/service';
import { route } from '@/lib/server/http/guard';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** Downloads every conversation of the caller as one JSON file (POST /api/import reads it back). */
export const GET = route(
  { identity: 'optional', query: z.object({ format: exportFormatSchema(['json']) }) },
  async ({ userId }) => {
    const archive = userId ? await exportArchive(userId) : toArchiveExport([]);
    const day = archive.exportedAt.slice(0, 10);
    return attachment(
      JSON.stringify(archive, null, 2),
      `parley-conversations-${day}`,
      'json',
      `${ARCHIVE_FORMAT}-v${EXPORT_VERSION}`,
    );
  },
);
