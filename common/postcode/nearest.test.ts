import { describe, expect, it } from 'vitest';
import { districtOf, districtRange, nearestHeld, notHeldText } from './nearest.ts';
import { parsePostcode } from './postcode.ts';

describe('the nearest held postcode of a district', () => {
  it('reads the district (outward code) and its compact range', () => {
    expect(districtOf('M11AE')).toBe('M1');
    expect(districtOf('SW1A1AA')).toBe('SW1A');
    expect(districtRange('M11AE')).toEqual({ from: 'M10AA', to: 'M19ZZ', length: 5 });
  });

  it('prefers the same sector, then the nearest unit, and never another district', () => {
    expect(nearestHeld('M11AF', ['M11AE', 'M12AA'])).toBe('M11AE');
    // A sector apart outweighs units apart: 1ZZ is nearer 2AA than 2ZZ is.
    expect(nearestHeld('M12AA', ['M11ZZ', 'M12ZZ'])).toBe('M12ZZ');
    expect(nearestHeld('M13AA', ['M11AA', 'M14AA'])).toBe('M14AA');
    // On a tie, the earlier in sort order.
    expect(nearestHeld('M12AC', ['M12AE', 'M12AA'])).toBe('M12AA');
    // M11 1AA is district M11, not M1.
    expect(nearestHeld('M11AE', ['M111AA'])).toBeUndefined();
    expect(nearestHeld('M11AE', [])).toBeUndefined();
  });

  it('says what is not held, and what to try', () => {
    const postcode = parsePostcode('m1 1ae')!;
    expect(notHeldText(postcode, 'M1 1AA')).toBe(
      "We don't hold the position of M1 1AE. The nearest postcode we hold in M1 is M1 1AA.",
    );
    expect(notHeldText(postcode, undefined)).toBe(
      "We don't hold the position of M1 1AE. We hold no postcode of M1.",
    );
  });
});
