import { describe, expect, it } from 'vitest';
import { entityTag, ifNoneMatchMatches } from './etag.ts';

describe('entity tags from the data version', () => {
  it('is a strong quoted tag that changes with the version and the release', () => {
    const tag = entityTag('1.4.0', '72:2025-07-03|9');
    expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(entityTag('1.4.0', '72:2025-07-03|9')).toBe(tag);
    expect(entityTag('1.4.0', '73:2025-08-02|9')).not.toBe(tag);
    expect(entityTag('1.5.0', '72:2025-07-03|9')).not.toBe(tag);
  });

  it.each([
    ['"abc"', true],
    ['W/"abc"', true],
    ['"x", "abc"', true],
    ['"x",W/"abc"', true],
    ['*', true],
    [['"x"', '"abc"'], true],
    ['"abcd"', false],
    ['abc', false],
    ['"x", "y"', false],
    ['', false],
    [undefined, false],
  ])('If-None-Match %j matches "abc": %s', (header, expected) => {
    expect(ifNoneMatchMatches(header, '"abc"')).toBe(expected);
  });
});
