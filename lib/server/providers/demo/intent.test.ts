import { describe, expect, it } from 'vitest';
import { arithmeticIntent, conversionIntent, prettyExpression, timeIntent } from './intent';

describe('arithmetic', () => {
  it.each([
    ['What is 12 * 34 + 56?', '12 * 34 + 56'],
    ['What is 12 × 34 + 56?', '12 * 34 + 56'],
    ['12 times 34 plus 56', '12 * 34 + 56'],
    ['100 ÷ 8 − 2', '100 / 8 - 2'],
    ['what is 2^10', '2^10'],
    ['7 squared minus 1', '7^2 - 1'],
    ['(3 + 4) x 2', '(3 + 4) * 2'],
    ['1,234 + 1', '1234 + 1'],
    ['12 multiplied by 3 divided by 4', '12 * 3 / 4'],
    ['what is 2**8?', '2**8'],
  ])('%s → %s', (text, expression) => {
    expect(arithmeticIntent(text)).toBe(expression);
  });
  it.each(['I have 3 cats', 'What time is it?', 'Convert 10 km to miles', 'room 12'])(
    'no arithmetic in %s',
    (text) => {
      expect(arithmeticIntent(text)).toBeNull();
    },
  );
  it('prints expressions with real symbols', () => {
    expect(prettyExpression('12*34+56')).toBe('12 × 34 + 56');
    expect(prettyExpression('100 / 8 - 2')).toBe('100 ÷ 8 − 2');
    expect(prettyExpression('-2^2')).toBe('-2^2');
  });
});

describe('time', () => {
  it('finds places and zones', () => {
    expect(timeIntent('What time is it in Tokyo right now?')).toEqual({
      timezone: 'Asia/Tokyo',
      place: 'Tokyo',
    });
    expect(timeIntent('time in new york')).toEqual({
      timezone: 'America/New_York',
      place: 'New York',
    });
    expect(timeIntent('What is the time in Europe/Paris?')).toEqual({ timezone: 'Europe/Paris' });
    expect(timeIntent('what time is it in UTC')).toEqual({ timezone: 'UTC' });
    expect(timeIntent('what time is it?')).toEqual({});
    expect(timeIntent('12 times 3')).toBeNull();
  });
});

describe('unit conversion', () => {
  it.each([
    ['Convert 10 km to miles', { value: 10, from: 'km', to: 'miles' }],
    ['100 °F in °C', { value: 100, from: 'F', to: 'C' }],
    ['what is 5 kg in pounds?', { value: 5, from: 'kg', to: 'pounds' }],
    ['how many feet are in 2 miles', { value: 2, from: 'miles', to: 'feet' }],
    ['how many grams in an ounce', { value: 1, from: 'ounce', to: 'grams' }],
    ['3 cups to mL', { value: 3, from: 'cups', to: 'mL' }],
    ['60 mph to km/h', { value: 60, from: 'mph', to: 'km/h' }],
  ])('%s', (text, intent) => {
    expect(conversionIntent(text)).toEqual(intent);
  });
  it('ignores sentences that only look like it', () => {
    expect(conversionIntent('I have 3 cats to feed')).toBeNull();
    expect(conversionIntent('What is 12 * 34?')).toBeNull();
  });
});
