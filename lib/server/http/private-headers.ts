import 'server-only';

/**
 * Owner-only answers and personal data: never stored by a shared cache, and nothing under /api
 * is for search engines.
 */
export const PRIVATE_HEADERS = { 'cache-control': 'no-store', 'x-robots-tag': 'noindex' };
