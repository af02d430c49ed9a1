// The one line people see for a tool that only came with a description for the model.

const MAX_SUMMARY_CHARS = 100;

/** An MCP tool's title, else the first sentence of its description, clipped. */
export function mcpSummary(
  title: string | undefined,
  description: string | undefined,
  server: string,
): string {
  const flat = (text: string) => text.replace(/\s+/g, ' ').trim();
  const source = flat(title ?? '') || flat(description ?? '').split(/(?<=[.!?])\s/)[0] || '';
  if (!source) return `A tool of the MCP server “${server}”`;
  return source.length > MAX_SUMMARY_CHARS
    ? `${source.slice(0, MAX_SUMMARY_CHARS - 1).trimEnd()}…`
    : source;
}
