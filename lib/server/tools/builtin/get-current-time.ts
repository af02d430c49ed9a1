import 'server-only';
import { z } from 'zod';
import { defineBuiltin } from './define';

const schema = z.object({
  timezone: z
    .string()
    .optional()
    .describe(
      'IANA time zone such as "Europe/Paris", "America/New_York" or "UTC". Omit it to use the user\'s own time zone.',
    ),
});

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

function parts(date: Date, options: Intl.DateTimeFormatOptions): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of new Intl.DateTimeFormat('en-GB', options).formatToParts(date)) {
    out[part.type] = part.value;
  }
  return out;
}

/** "+01:00", "-09:30", "+00:00" for the zone at that instant. */
function utcOffset(date: Date, timeZone: string): string {
  const name = parts(date, { timeZone, timeZoneName: 'longOffset' }).timeZoneName ?? 'GMT';
  const match = /GMT([+-]\d{2}):?(\d{2})?/.exec(name);
  return match ? `${match[1]}:${match[2] ?? '00'}` : '+00:00';
}

export function describeTime(date: Date, timeZone: string) {
  const p = parts(date, {
    timeZone,
    weekday: 'long',
    day: '2-digit',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const month = parts(date, { timeZone, month: '2-digit' }).month;
  const offset = utcOffset(date, timeZone);
  const time = `${p.hour}:${p.minute}:${p.second}`;
  return {
    timezone: timeZone,
    iso: `${p.year}-${month}-${p.day}T${time}${offset}`,
    local: `${p.weekday}, ${Number(p.day)} ${p.month} ${p.year}, ${time}`,
    utcOffset: offset,
  };
}

export const getCurrentTime = defineBuiltin({
  name: 'get_current_time',
  description:
    "Get the current date and time. Without a time zone it answers for the user's own time zone.",
  summary: 'The current date and time, here or in any time zone',
  schema,
  run: ({ timezone }, ctx) => {
    if (timezone !== undefined && !isTimeZone(timezone)) {
      throw new Error(
        `Unknown time zone ${JSON.stringify(timezone)}; use an IANA name such as "Europe/Paris", "America/New_York" or "UTC"`,
      );
    }
    // A browser-sent zone we cannot use falls back to UTC rather than failing the call.
    const zone =
      timezone ?? (ctx.timeZone !== undefined && isTimeZone(ctx.timeZone) ? ctx.timeZone : 'UTC');
    return JSON.stringify(describeTime(new Date(), zone));
  },
});
