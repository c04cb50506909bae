import { describe, expect, it } from 'vitest';
import { compactPostcode, isValidPostcode, parsePostcode } from './postcode.ts';

describe('parsePostcode', () => {
  it.each([
    ['SW1A 1AA', 'SW1A 1AA', 'SW1A1AA'],
    ['sw1a1aa', 'SW1A 1AA', 'SW1A1AA'],
    ['  m1   1ae ', 'M1 1AE', 'M11AE'],
    ['B33 8TH', 'B33 8TH', 'B338TH'],
    ['CR2 6XH', 'CR2 6XH', 'CR26XH'],
    ['DN55 1PT', 'DN55 1PT', 'DN551PT'],
    ['W1A 0AX', 'W1A 0AX', 'W1A0AX'],
    ['EC1A 1BB', 'EC1A 1BB', 'EC1A1BB'],
  ])('reads %j as %s', (input, canonical, compact) => {
    expect(parsePostcode(input)).toEqual({ canonical, compact });
    expect(isValidPostcode(input)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['SW1A', 'outward code only'],
    ['SW1A 1CA', 'C is not allowed in the inward letters'],
    ['SW1A 1AI', 'I is not allowed in the inward letters'],
    ['M1 1AK', 'K is not allowed'],
    ['M1 1MA', 'M is not allowed'],
    ['M1 1OA', 'O is not allowed'],
    ['M1 1AV', 'V is not allowed'],
    ['123 4AB', 'starts with a digit'],
    ['ABC1 1AA', 'three leading letters'],
    ['SW1A 1AAA', 'inward code too long'],
    ['SW1A-1AA', 'punctuation'],
    ['SW1A 11A', 'inward code needs two letters'],
  ])('rejects %j (%s)', (input) => {
    expect(parsePostcode(input)).toBeNull();
    expect(isValidPostcode(input)).toBe(false);
  });

  it('accepts R where the rule allows a digit', () => {
    expect(parsePostcode('ER 1AB')?.canonical).toBe('ER 1AB');
  });
});

describe('compactPostcode', () => {
  it('upper-cases and drops every kind of space', () => {
    expect(compactPostcode(' sw1a\t1aa ')).toBe('SW1A1AA');
  });
});
