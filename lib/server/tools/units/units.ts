import 'server-only';

export type Category = 'length' | 'mass' | 'temperature' | 'volume' | 'speed';

export interface Unit {
  symbol: string;
  category: Category;
  /** Value in the category's base unit = value × scale + offset (offset only for temperatures). */
  scale: number;
  offset: number;
  /** Lower-case spellings accepted for this unit, the symbol included. */
  aliases: string[];
}

function unit(
  category: Category,
  symbol: string,
  scale: number,
  aliases: string[],
  offset = 0,
): Unit {
  return { symbol, category, scale, offset, aliases: [symbol.toLowerCase(), ...aliases] };
}

const INCH = 0.0254;
const FOOT = 12 * INCH;
const MILE = 5280 * FOOT;
const POUND = 0.45359237;
const US_GALLON = 3.785411784; // litres
const IMPERIAL_GALLON = 4.54609;

// Base units: metre, kilogram, kelvin, litre, metre per second.
export const UNITS: readonly Unit[] = [
  unit('length', 'm', 1, ['meter', 'meters', 'metre', 'metres']),
  unit('length', 'km', 1000, ['kilometer', 'kilometers', 'kilometre', 'kilometres']),
  unit('length', 'cm', 0.01, ['centimeter', 'centimeters', 'centimetre', 'centimetres']),
  unit('length', 'mm', 0.001, ['millimeter', 'millimeters', 'millimetre', 'millimetres']),
  unit('length', 'µm', 1e-6, ['um', 'micrometer', 'micrometers', 'micron', 'microns']),
  unit('length', 'nm', 1e-9, ['nanometer', 'nanometers', 'nanometre', 'nanometres']),
  unit('length', 'mi', MILE, ['mile', 'miles']),
  unit('length', 'yd', 3 * FOOT, ['yard', 'yards']),
  unit('length', 'ft', FOOT, ['foot', 'feet']),
  unit('length', 'in', INCH, ['inch', 'inches']),
  unit('length', 'nmi', 1852, ['nautical mile', 'nautical miles']),

  unit('mass', 'kg', 1, ['kilogram', 'kilograms', 'kilo', 'kilos']),
  unit('mass', 'g', 0.001, ['gram', 'grams']),
  unit('mass', 'mg', 1e-6, ['milligram', 'milligrams']),
  unit('mass', 'µg', 1e-9, ['ug', 'mcg', 'microgram', 'micrograms']),
  unit('mass', 't', 1000, ['tonne', 'tonnes', 'metric ton', 'metric tons']),
  unit('mass', 'lb', POUND, ['lbs', 'pound', 'pounds']),
  unit('mass', 'oz', POUND / 16, ['ounce', 'ounces']),
  unit('mass', 'st', 14 * POUND, ['stone', 'stones']),

  unit('temperature', 'K', 1, ['kelvin', 'kelvins']),
  unit(
    'temperature',
    '°C',
    1,
    ['c', 'degc', 'celsius', 'degree celsius', 'degrees celsius'],
    273.15,
  ),
  unit(
    'temperature',
    '°F',
    5 / 9,
    ['f', 'degf', 'fahrenheit', 'degree fahrenheit', 'degrees fahrenheit'],
    273.15 - (32 * 5) / 9,
  ),

  unit('volume', 'L', 1, ['liter', 'liters', 'litre', 'litres']),
  unit('volume', 'mL', 0.001, ['milliliter', 'milliliters', 'millilitre', 'millilitres']),
  unit('volume', 'm³', 1000, ['m3', 'm^3', 'cubic meter', 'cubic meters', 'cubic metre']),
  unit('volume', 'cm³', 0.001, ['cm3', 'cm^3', 'cc', 'cubic centimeter', 'cubic centimeters']),
  unit('volume', 'gal', US_GALLON, ['gallon', 'gallons', 'us gal', 'us gallon', 'us gallons']),
  unit('volume', 'imp gal', IMPERIAL_GALLON, ['imperial gallon', 'imperial gallons', 'uk gallon']),
  unit('volume', 'qt', US_GALLON / 4, ['quart', 'quarts']),
  unit('volume', 'pt', US_GALLON / 8, ['pint', 'pints']),
  unit('volume', 'cup', US_GALLON / 16, ['cups']),
  unit('volume', 'fl oz', US_GALLON / 128, ['floz', 'fluid ounce', 'fluid ounces']),
  unit('volume', 'tbsp', US_GALLON / 256, ['tablespoon', 'tablespoons']),
  unit('volume', 'tsp', US_GALLON / 768, ['teaspoon', 'teaspoons']),

  unit('speed', 'm/s', 1, ['mps', 'meters per second', 'metres per second']),
  unit('speed', 'km/h', 1 / 3.6, [
    'kph',
    'kmh',
    'km/hr',
    'kilometers per hour',
    'kilometres per hour',
  ]),
  unit('speed', 'mph', MILE / 3600, ['mi/h', 'miles per hour']),
  unit('speed', 'kn', 1852 / 3600, ['kt', 'knot', 'knots']),
  unit('speed', 'ft/s', FOOT, ['fps', 'feet per second']),
];

const BY_ALIAS = new Map<string, Unit>();
for (const u of UNITS) {
  for (const alias of u.aliases) BY_ALIAS.set(alias, u);
}

/** Case-insensitive; tolerates "°", "deg" and extra spaces. */
export function findUnit(text: string): Unit | undefined {
  const key = text.trim().toLowerCase().replace(/\s+/g, ' ');
  return (
    BY_ALIAS.get(key) ??
    BY_ALIAS.get(key.replace(/^°\s*/, '')) ??
    BY_ALIAS.get(key.replace(/^deg(rees?)? /, ''))
  );
}

export function unitsOf(category: Category): string[] {
  return UNITS.filter((u) => u.category === category).map((u) => u.symbol);
}
