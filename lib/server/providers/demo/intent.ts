import { UNITS } from '@/lib/server/tools/units/units';

// What the offline demo model understands in a question: arithmetic (symbols or words), the time
// in a named place or zone, and unit conversions. Pure, so every phrasing is unit-tested.

/** A handful of well-known places; anything else can be named by its IANA zone. */
const PLACES: Record<string, string> = {
  tokyo: 'Asia/Tokyo',
  osaka: 'Asia/Tokyo',
  japan: 'Asia/Tokyo',
  seoul: 'Asia/Seoul',
  beijing: 'Asia/Shanghai',
  shanghai: 'Asia/Shanghai',
  'hong kong': 'Asia/Hong_Kong',
  singapore: 'Asia/Singapore',
  bangkok: 'Asia/Bangkok',
  jakarta: 'Asia/Jakarta',
  delhi: 'Asia/Kolkata',
  'new delhi': 'Asia/Kolkata',
  mumbai: 'Asia/Kolkata',
  india: 'Asia/Kolkata',
  dubai: 'Asia/Dubai',
  tehran: 'Asia/Tehran',
  istanbul: 'Europe/Istanbul',
  moscow: 'Europe/Moscow',
  cairo: 'Africa/Cairo',
  nairobi: 'Africa/Nairobi',
  lagos: 'Africa/Lagos',
  johannesburg: 'Africa/Johannesburg',
  athens: 'Europe/Athens',
  helsinki: 'Europe/Helsinki',
  berlin: 'Europe/Berlin',
  paris: 'Europe/Paris',
  madrid: 'Europe/Madrid',
  rome: 'Europe/Rome',
  amsterdam: 'Europe/Amsterdam',
  stockholm: 'Europe/Stockholm',
  warsaw: 'Europe/Warsaw',
  vienna: 'Europe/Vienna',
  zurich: 'Europe/Zurich',
  london: 'Europe/London',
  dublin: 'Europe/Dublin',
  lisbon: 'Europe/Lisbon',
  reykjavik: 'Atlantic/Reykjavik',
  'new york': 'America/New_York',
  nyc: 'America/New_York',
  boston: 'America/New_York',
  toronto: 'America/Toronto',
  chicago: 'America/Chicago',
  denver: 'America/Denver',
  'los angeles': 'America/Los_Angeles',
  'san francisco': 'America/Los_Angeles',
  seattle: 'America/Los_Angeles',
  vancouver: 'America/Vancouver',
  'mexico city': 'America/Mexico_City',
  'são paulo': 'America/Sao_Paulo',
  'sao paulo': 'America/Sao_Paulo',
  'buenos aires': 'America/Argentina/Buenos_Aires',
  honolulu: 'Pacific/Honolulu',
  sydney: 'Australia/Sydney',
  melbourne: 'Australia/Melbourne',
  perth: 'Australia/Perth',
  auckland: 'Pacific/Auckland',
};

export interface TimeIntent {
  /** IANA zone to pass to the tool; undefined = the user's own zone. */
  timezone?: string;
  /** How the user named the place, for the answer ("Tokyo"). */
  place?: string;
}

export interface ConversionIntent {
  value: number;
  from: string;
  to: string;
}

const TIME_WORDS = /\b(time|clock|date|today|day is it)\b/i;
const IANA = /\b(?:[A-Z][A-Za-z_]+\/[A-Z][A-Za-z_]+(?:\/[A-Z][A-Za-z_]+)?|UTC|GMT)\b/;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const PLACE_PATTERN = new RegExp(
  `(?<![\\p{L}])(${Object.keys(PLACES)
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|')})(?![\\p{L}])`,
  'iu',
);

const titleCase = (s: string) => s.replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase());

export function timeIntent(text: string): TimeIntent | null {
  if (!TIME_WORDS.test(text)) return null;
  const zone = IANA.exec(text)?.[0];
  if (zone) return { timezone: zone === 'GMT' ? 'UTC' : zone };
  const place = PLACE_PATTERN.exec(text)?.[1];
  if (place) {
    const timezone = PLACES[place.toLowerCase()];
    return { timezone, place: place === 'nyc' || place === 'NYC' ? 'New York' : titleCase(place) };
  }
  return {};
}

// Operators written as symbols or words become the calculator's own syntax.
const REWRITES: readonly [RegExp, string][] = [
  [/[×✕✖⨉·⋅∗]/g, '*'],
  [/[÷∶]/g, '/'],
  [/[−–—]/g, '-'],
  [/\bto the power of\b/gi, '^'],
  [/\b(?:multiplied by|times)\b/gi, '*'],
  [/\bdivided by\b/gi, '/'],
  [/\bplus\b/gi, '+'],
  [/\bminus\b/gi, '-'],
  [/\bmod(?:ulo)?\b/gi, '%'],
  [/\s*\bsquared\b/gi, '^2'],
  [/\s*\bcubed\b/gi, '^3'],
  // "12 x 34" means times; "0x1F" and words like "box" are left alone.
  [/([\d)])\s*[xX]\s*(?=[\d(])/g, '$1 * '],
];

// A run of numbers and operators with at least one operator between two numbers.
const ARITHMETIC =
  /[-(]*\s*\d[\d.,\s]*(?:(?:\*\*|[-+*/^%])\s*[-(]*\s*[\d.,]+[\d.,\s)]*)+(?:\^\d+)?/;

/** The arithmetic in a question, in calculator syntax ("12 * 34 + 56"), or null. */
export function arithmeticIntent(text: string): string | null {
  let normal = text;
  for (const [pattern, replacement] of REWRITES) normal = normal.replace(pattern, replacement);
  // Thousands separators ("1,234") are not decimal commas.
  normal = normal.replace(/(\d),(\d{3})(?!\d)/g, '$1$2');
  const match = normal.match(ARITHMETIC)?.[0];
  if (!match) return null;
  const expression = match
    .replace(/[\s,.]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  // Balance the parentheses the regex may have cut at either end.
  const open = (expression.match(/\(/g) ?? []).length;
  const close = (expression.match(/\)/g) ?? []).length;
  const balanced =
    open > close
      ? expression + ')'.repeat(open - close)
      : expression.replace(new RegExp(`\\){${close - open}}$`), '');
  return /\d\s*(?:\*\*|[-+*/^%])\s*[-(]*\s*\d/.test(balanced) ? balanced : null;
}

/** Calculator syntax shown the way people write it: 12 × 34 − 5. */
export function prettyExpression(expression: string): string {
  return expression
    .replace(/\*\*/g, '^')
    .replace(/\s*\*\s*/g, ' × ')
    .replace(/\s*\/\s*/g, ' ÷ ')
    .replace(/(\d|\))\s*-\s*/g, '$1 − ')
    .replace(/\s*\+\s*/g, ' + ')
    .trim();
}

const UNIT_PATTERN = `(${UNITS.flatMap((u) => u.aliases)
  .concat(UNITS.map((u) => u.symbol))
  .sort((a, b) => b.length - a.length)
  .map(escapeRegExp)
  .join('|')})`;
const BOUNDARY = '(?=$|[\\s.,!?;:)])';
const NUMBER = '(-?\\d+(?:[.,]\\d+)?)';
// "10 km to miles", "100 °F in Celsius", "5 kg as pounds".
const FORWARD = new RegExp(
  `${NUMBER}\\s*(?:°\\s*|degrees?\\s+)?${UNIT_PATTERN}${BOUNDARY}\\s+(?:to|in|into|as)\\s+(?:°\\s*)?${UNIT_PATTERN}${BOUNDARY}`,
  'i',
);
// "how many pounds is 5 kg", "how many feet are in 2 miles".
const HOW_MANY = new RegExp(
  `how many\\s+${UNIT_PATTERN}${BOUNDARY}\\s+(?:is|are|in|make)\\s+(?:in\\s+)?(?:a\\s+|an\\s+)?${NUMBER}?\\s*(?:°\\s*)?${UNIT_PATTERN}${BOUNDARY}`,
  'i',
);

export function conversionIntent(text: string): ConversionIntent | null {
  const forward = FORWARD.exec(text);
  if (forward?.[1] && forward[2] && forward[3]) {
    return { value: Number(forward[1].replace(',', '.')), from: forward[2], to: forward[3] };
  }
  const howMany = HOW_MANY.exec(text);
  if (howMany?.[1] && howMany[3]) {
    const value = howMany[2] ? Number(howMany[2].replace(',', '.')) : 1;
    return { value, from: howMany[3], to: howMany[1] };
  }
  return null;
}
