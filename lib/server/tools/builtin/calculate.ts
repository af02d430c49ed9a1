import 'server-only';
import { z } from 'zod';
import { ALLOWED_NAMES, evaluate, tidy } from '../calc/evaluate';
import { MAX_EXPRESSION_LENGTH } from '../calc/tokenize';
import { defineBuiltin } from './define';

export const calculate = defineBuiltin({
  name: 'calculate',
  description:
    'Evaluate an arithmetic expression exactly instead of doing math in your head. ' +
    'Supports numbers (1.5, 2e3), + - * / % (remainder), ^ or ** (power, right-associative; -2^2 = -4), ' +
    `parentheses, the functions ${ALLOWED_NAMES.filter((n) => n !== 'pi' && n !== 'e').join(', ')} ` +
    '(trigonometry in radians; log(x) is base 10, log(x, b) base b, ln(x) natural) and the constants pi and e.',
  summary: 'Exact arithmetic: + − × ÷, powers, roots, logarithms and trigonometry',
  schema: z.object({
    expression: z
      .string()
      .max(MAX_EXPRESSION_LENGTH)
      .describe('The expression, e.g. "(3 + 4) * 2^10 / sqrt(2)"'),
  }),
  run: ({ expression }) => JSON.stringify({ expression, result: tidy(evaluate(expression)) }),
});
