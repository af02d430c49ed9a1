import 'server-only';
import { z } from 'zod';
import { convert } from '../units/convert';
import { defineBuiltin } from './define';

export const convertUnits = defineBuiltin({
  name: 'convert_units',
  description:
    'Convert a value between units of length (m, km, cm, mm, mi, yd, ft, in, nmi), mass (kg, g, mg, t, lb, oz, st), ' +
    'temperature (°C, °F, K), volume (L, mL, m³, gal, imp gal, qt, pt, cup, fl oz, tbsp, tsp) or speed (m/s, km/h, mph, kn, ft/s). ' +
    'US customary volumes. Returns the result with the factor and formula used.',
  summary: 'Converts length, weight, temperature, volume and speed',
  schema: z.object({
    value: z.number().describe('The amount to convert'),
    from: z.string().describe('Unit of the value, e.g. "km", "°F", "lb"'),
    to: z.string().describe('Unit to convert to, e.g. "mi", "°C", "kg"'),
  }),
  run: ({ value, from, to }) => JSON.stringify(convert(value, from, to)),
});
