import { prettyExpression, timeIntent } from './intent';
import { type WireMessage, wireText } from '@/lib/server/upstream/types';

// The demo model's answer once its tool calls are back: one sentence per result, built from the
// result's fields, never the raw JSON. A result it cannot read is passed on as the tool's words.

const number = (n: number) =>
  n.toLocaleString('en-US', { maximumSignificantDigits: 8, maximumFractionDigits: 6 });

function record(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const str = (v: unknown) => (typeof v === 'string' ? v : null);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

function calculation(result: Record<string, unknown>): string | null {
  const expression = str(result.expression);
  const value = num(result.result);
  if (expression === null || value === null) return null;
  return `${prettyExpression(expression)} = **${number(value)}**.`;
}

function time(result: Record<string, unknown>, place: string | undefined): string | null {
  const zone = str(result.timezone);
  const iso = str(result.iso);
  const local = str(result.local);
  const offset = str(result.utcOffset);
  if (!zone || !iso || !local) return null;
  const clock = /T(\d{2}:\d{2})/.exec(iso)?.[1] ?? iso;
  const date = local.replace(/,\s*\d{2}:\d{2}:\d{2}$/, '');
  const where = place ?? zone.split('/').at(-1)?.replace(/_/g, ' ') ?? zone;
  const utc = offset ? `UTC${offset === '+00:00' ? '' : offset}` : '';
  return `In ${where} it is **${clock}** on ${date} (${[zone, utc].filter(Boolean).join(', ')}).`;
}

function conversion(result: Record<string, unknown>): string | null {
  const from = result.from as { value?: unknown; unit?: unknown } | undefined;
  const fromValue = num(from?.value);
  const fromUnit = str(from?.unit);
  const value = num(result.value);
  const unit = str(result.unit);
  if (fromValue === null || !fromUnit || value === null || !unit) return null;
  return `${number(fromValue)} ${fromUnit} is **${number(value)} ${unit}**.`;
}

function sentence(name: string, content: string, question: string): string {
  const result = record(content);
  const built =
    result === null
      ? null
      : name === 'calculate'
        ? calculation(result)
        : name === 'get_current_time'
          ? time(result, timeIntent(question)?.place)
          : name === 'convert_units'
            ? conversion(result)
            : null;
  if (built) return built;
  const said = content.replace(/\s+/g, ' ').trim();
  // Not the shape this tool returns on success: most likely its error message.
  return result === null
    ? `The \`${name}\` tool could not answer: ${said || 'it gave no reason'}.`.replace(/\.\.$/, '.')
    : `The \`${name}\` tool answered: ${said.length > 200 ? `${said.slice(0, 199)}…` : said}`;
}

/** The answer after the tool results of the last user question. */
export function answerFromTools(messages: readonly WireMessage[]): string {
  const lastUser = messages.map((m) => m.role).lastIndexOf('user');
  const question = wireText(messages[lastUser]?.content ?? null);
  const since = messages.slice(lastUser + 1);
  const names = new Map(
    since.flatMap((m) => m.tool_calls ?? []).map((c) => [c.id, c.function.name] as const),
  );
  const lines = since
    .filter((m) => m.role === 'tool')
    .map((m) => sentence(names.get(m.tool_call_id ?? '') ?? 'tool', wireText(m.content), question));
  return lines.join('\n\n');
}
