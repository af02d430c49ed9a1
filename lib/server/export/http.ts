import 'server-only';
import { z } from 'zod';
import { MAX_IMPORT_BYTES } from '@/lib/chat/export-types';
import { AppError } from '@/lib/server/errors';
import { PRIVATE_HEADERS } from '@/lib/server/private-headers';
import { readJsonBody } from '@/lib/server/read-body';
import { contentDisposition } from './filename';
import type { ImportValidationError } from './import-schema';

// Request/response helpers of the export, import and "my data" routes.

export { PRIVATE_HEADERS };

export type ExportFormat = 'md' | 'json';

export function exportFormat(request: Request, allowed: readonly ExportFormat[]): ExportFormat {
  const format = new URL(request.url).searchParams.get('format') ?? 'json';
  if (!(allowed as readonly string[]).includes(format)) {
    throw new AppError(
      'bad_request',
      `Unknown export format "${format.slice(0, 20)}"; use ${allowed.map((f) => `format=${f}`).join(' or ')}.`,
    );
  }
  return format as ExportFormat;
}

export function attachment(body: string, title: string, format: ExportFormat, fallback?: string) {
  return new Response(body, {
    headers: {
      ...PRIVATE_HEADERS,
      'content-type':
        format === 'md' ? 'text/markdown; charset=utf-8' : 'application/json; charset=utf-8',
      'content-disposition': contentDisposition(title, format, fallback),
    },
  });
}

/** The uploaded export as JSON, with upload-worded errors (size limit first, then syntax). */
export async function readUpload(request: Request): Promise<unknown> {
  try {
    return await readJsonBody(request, z.unknown(), MAX_IMPORT_BYTES);
  } catch (error) {
    if (error instanceof AppError && error.code === 'payload_too_large') {
      throw new AppError(
        'payload_too_large',
        `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB, the most Parley imports at once.`,
      );
    }
    if (error instanceof AppError && error.code === 'bad_request') {
      throw new AppError(
        'bad_request',
        error.message.includes('no body')
          ? 'No file was sent.'
          : 'The file is not valid JSON. Choose a file exported from Parley.',
      );
    }
    throw error;
  }
}

export function importError(error: ImportValidationError): AppError {
  return new AppError('bad_request', `This file cannot be imported. ${error.message}`, {
    details: error.issues,
  });
}
