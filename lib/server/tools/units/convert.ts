import 'server-only';
import { tidy } from '../calc/evaluate';
import { type Category, findUnit, UNITS, type Unit, unitsOf } from './units';

export class ConversionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConversionError';
  }
}

export interface Conversion {
  category: Category;
  from: { value: number; unit: string };
  value: number;
  unit: string;
  /** result = input × factor + offset */
  factor: number;
  offset: number;
  formula: string;
}

const CATEGORIES: Category[] = ['length', 'mass', 'temperature', 'volume', 'speed'];

function lookup(text: string): Unit {
  const unit = findUnit(text);
  if (unit !== undefined) return unit;
  throw new ConversionError(
    `Unknown unit ${JSON.stringify(text)}. Supported units: ${CATEGORIES.map((c) => `${c}: ${unitsOf(c).join(', ')}`).join('; ')}`,
  );
}

function formatNumber(n: number): string {
  return String(tidy(n));
}

export function convert(value: number, fromText: string, toText: string): Conversion {
  if (!Number.isFinite(value)) throw new ConversionError('The value must be a finite number');
  const from = lookup(fromText);
  const to = lookup(toText);
  if (from.category !== to.category) {
    throw new ConversionError(
      `Cannot convert ${from.category} (${from.symbol}) to ${to.category} (${to.symbol}); both units must measure the same thing`,
    );
  }
  // base = v × from.scale + from.offset; result = (base − to.offset) / to.scale
  const factor = from.scale / to.scale;
  const offset = (from.offset - to.offset) / to.scale;
  if (from.category === 'temperature' && value * from.scale + from.offset < 0) {
    throw new ConversionError(`${value} ${from.symbol} is below absolute zero`);
  }
  const scaled = value * factor;
  const sum = scaled + offset;
  // Cancellation (32 °F → °C) leaves noise like 7e-15 where the answer is exactly 0.
  const result =
    Math.abs(sum) < 1e-12 * Math.max(Math.abs(scaled), Math.abs(offset)) ? 0 : tidy(sum);
  const cleanOffset = tidy(offset);
  const formula =
    `${to.symbol} = ${from.symbol} × ${formatNumber(factor)}` +
    (cleanOffset === 0
      ? ''
      : cleanOffset > 0
        ? ` + ${formatNumber(cleanOffset)}`
        : ` − ${formatNumber(-cleanOffset)}`);
  return {
    category: from.category,
    from: { value, unit: from.symbol },
    value: result,
    unit: to.symbol,
    factor: tidy(factor),
    offset: cleanOffset,
    formula,
  };
}

export const SUPPORTED_UNITS = UNITS.map((u) => u.symbol);
