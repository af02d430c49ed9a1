import 'server-only';
import { z } from 'zod';
import { MAX_IMPORT_BYTES } from '@/lib/chat/export-types';
import { AppError } from '@/lib/server/errors';
import { PRIVATE_HEADERS } from '@/lib/server/http/private-headers';
import { contentDisposition } from './filename';
import type { ImportValidationError } from './import-schema';

// Request/response helpers of the export, import and "my data" routes.

export { PRIVATE_HEADERS };

export type ExportFormat = 'md' | 'json';

/** The `format` query parameter (default json), with the choices spelled out when it is wrong. */
export function exportFormatSchema<const F extends readonly [ExportFormat, ...ExportFormat[]]>(
  allowed: F,
) {
  return z
    .enum(allowed, {
      error: (issue) =>
        `Unknown export format "${String(issue.input).slice(0, 20)}"; use ${allowed.map((f) => `format=${f}`).join(' or ')}.`,
    })
    .default(allowed[0]);
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

/** Upload-worded errors for the import body (size limit first, then syntax). */
export function uploadError(error: unknown): AppError | undefined {
  if (!(error instanceof AppError)) return undefined;
  if (error.code === 'payload_too_large') {
    return new AppError(
      'payload_too_large',
      `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB, the most Parley imports at once.`,
    );
  }
  if (error.code === 'bad_request' && error.message.includes('no body')) {
    return new AppError('bad_request', 'No file was sent.');
  }
  if (error.code === 'bad_request' && error.message.includes('not valid JSON')) {
    return new AppError(
      'bad_request',
      'The file is not valid JSON. Choose a file exported from Parley.',
    );
  }
  return undefined;
}

export function importError(error: ImportValidationError): AppError {
  return new AppError('bad_request', `This file cannot be imported. ${error.message}`, {
    details: error.issues,
  });
}
