import { describe, expect, it } from 'vitest';
import { isPagePath } from './page-paths.ts';

describe('isPagePath', () => {
  it('knows the app pages with or without a query string or trailing slash', () => {
    expect(isPagePath('/')).toBe(true);
    expect(isPagePath('/search?postcode=SW1A%201AA')).toBe(true);
    expect(isPagePath('/admin/')).toBe(true);
    expect(isPagePath('/embed/police-crime-clock#x')).toBe(true);
  });

  it('knows the Welsh twin of each public page, and no Welsh admin or embed page', () => {
    expect(isPagePath('/cy')).toBe(true);
    expect(isPagePath('/cy/')).toBe(true);
    expect(isPagePath('/cy/search?postcode=CF10')).toBe(true);
    expect(isPagePath('/cy/crime-clock')).toBe(true);
    expect(isPagePath('/cy/admin')).toBe(false);
    expect(isPagePath('/cy/embed/crime-clock')).toBe(false);
    expect(isPagePath('/cy/nope')).toBe(false);
  });

  it('refuses everything else', () => {
    expect(isPagePath('/nope')).toBe(false);
    expect(isPagePath('/search/extra')).toBe(false);
    expect(isPagePath('/SEARCH')).toBe(false);
    expect(isPagePath('')).toBe(false);
  });
});
