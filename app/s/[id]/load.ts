import 'server-only';
import { cache } from 'react';
import { readShare } from '@/lib/server/share/service';

/** One database read per request, shared by the page, its metadata and its preview image. */
export const loadShare = cache(readShare);
