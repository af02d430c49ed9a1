import 'server-only';
import type { Tool } from '../types';
import { calculate } from './calculate';
import { convertUnits } from './convert-units';
import { getCurrentTime } from './get-current-time';
import { BUILTIN_TOOL_NAMES } from '@/lib/server/config/builtin-tools';

/** In BUILTIN_TOOL_NAMES order (a test keeps the two in sync). */
export const BUILTIN_TOOLS: readonly Tool[] = [getCurrentTime, calculate, convertUnits];

export { BUILTIN_TOOL_NAMES };
