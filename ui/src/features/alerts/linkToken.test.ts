import { describe, expect, it } from 'vitest';
import { validateTokenSearch } from './linkToken.ts';

describe('validateTokenSearch', () => {
  it('keeps a token as the mail wrote it and drops anything else', () => {
    expect(validateTokenSearch({ token: 'Ab_9-x' })).toEqual({ token: 'Ab_9-x' });
    expect(validateTokenSearch({ token: 'a b' })).toEqual({});
    expect(validateTokenSearch({ token: 12 })).toEqual({});
    expect(validateTokenSearch({})).toEqual({});
  });
});
