import 'server-only';
// Kept apart from the tools themselves so configuration can validate TOOL_APPROVAL
// without loading every tool.
export const BUILTIN_TOOL_NAMES = ['get_current_time', 'calculate', 'convert_units'] as const;

export type BuiltinToolName = (typeof BUILTIN_TOOL_NAMES)[number];
