import { describe, expect, it } from 'vitest';
import { ConversionError, convert } from './convert';
import { findUnit, UNITS } from './units';

function failure(value: number, from: string, to: string): string {
  try {
    convert(value, from, to);
  } catch (error) {
    if (error instanceof ConversionError) return error.message;
    throw error;
  }
  throw new Error('expected the conversion to fail');
}

describe('convert', () => {
  it.each([
    [1, 'km', 'm', 1000],
    [1, 'mi', 'km', 1.609344],
    [12, 'in', 'ft', 1],
    [1, 'm', 'ft', 3.28083989501312],
    [3, 'ft', 'yd', 1],
    [1, 'nmi', 'm', 1852],
    [1, 'kg', 'lb', 2.20462262184878],
    [16, 'oz', 'lb', 1],
    [1, 'st', 'lb', 14],
    [2500, 'g', 'kg', 2.5],
    [1, 't', 'kg', 1000],
    [1, 'gal', 'L', 3.785411784],
    [1, 'L', 'mL', 1000],
    [1, 'm3', 'L', 1000],
    [2, 'cup', 'pt', 1],
    [3, 'tsp', 'tbsp', 1],
    [100, 'km/h', 'm/s', 27.7777777777778],
    [60, 'mph', 'km/h', 96.56064],
    [1, 'kn', 'km/h', 1.852],
    [100, '°C', '°F', 212],
    [32, 'F', 'C', 0],
    [-40, 'celsius', 'fahrenheit', -40],
    [0, 'K', '°C', -273.15],
    [300, 'kelvin', 'K', 300],
  ])('%d %s → %s = %d', (value, from, to, expected) => {
    expect(convert(value, from, to).value).toBe(expected);
  });

  it('returns structured output with the factor and formula', () => {
    expect(convert(5, 'kilometres', 'miles')).toEqual({
      category: 'length',
      from: { value: 5, unit: 'km' },
      value: 3.10685596118667,
      unit: 'mi',
      factor: 0.621371192237334,
      offset: 0,
      formula: 'mi = km × 0.621371192237334',
    });
    expect(convert(20, 'degrees Celsius', 'degF')).toMatchObject({
      category: 'temperature',
      value: 68,
      unit: '°F',
      factor: 1.8,
      offset: 32,
      formula: '°F = °C × 1.8 + 32',
    });
    expect(convert(0, 'K', 'C').formula).toBe('°C = K × 1 − 273.15');
  });

  it('accepts spellings regardless of case and spacing', () => {
    expect(findUnit('  Kilometers ')?.symbol).toBe('km');
    expect(findUnit('FL  OZ')?.symbol).toBe('fl oz');
    expect(findUnit('° F')?.symbol).toBe('°F');
    expect(findUnit('deg C')?.symbol).toBe('°C');
    expect(findUnit('KM/H')?.symbol).toBe('km/h');
  });

  it('has no alias shared by two units', () => {
    const aliases = UNITS.flatMap((u) => u.aliases);
    expect(new Set(aliases).size).toBe(aliases.length);
  });

  it('refuses incompatible, unknown and impossible conversions', () => {
    expect(failure(1, 'kg', 'm')).toBe(
      'Cannot convert mass (kg) to length (m); both units must measure the same thing',
    );
    expect(failure(1, '°C', 'mph')).toMatch(/Cannot convert temperature/);
    const unknown = failure(1, 'furlong', 'm');
    expect(unknown).toMatch(/^Unknown unit "furlong"/);
    expect(unknown).toContain('length: m, km');
    expect(unknown).toContain('speed: m/s');
    expect(failure(1, 'm', 'constructor')).toMatch(/^Unknown unit "constructor"/);
    expect(failure(-300, '°C', 'K')).toBe('-300 °C is below absolute zero');
    expect(failure(Number.POSITIVE_INFINITY, 'm', 'km')).toMatch(/finite number/);
  });
});
