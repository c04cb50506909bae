import { describe, expect, it } from 'vitest';
import {
  formatDate,
  hasWelshTwin,
  localeFromAcceptLanguage,
  localeOfPath,
  localizedPath,
  pathWithoutLocale,
  pickLocale,
} from './locale.ts';

describe('pickLocale', () => {
  it('lets a Welsh address win over the cookie and the browser', () => {
    expect(pickLocale('en-GB', 'en', '/cy/search')).toBe('cy');
  });
  it('keeps the visitor’s choice on an unprefixed address', () => {
    expect(pickLocale('en-GB', 'cy', '/search')).toBe('cy');
    expect(pickLocale('cy', 'en', '/search')).toBe('en');
  });
  it('falls back to Accept-Language on a first visit, then to English', () => {
    expect(pickLocale('cy-GB,cy;q=0.9,en;q=0.8', undefined, '/')).toBe('cy');
    expect(pickLocale('fr-FR,fr;q=0.9', undefined, '/')).toBe('en');
    expect(pickLocale(undefined, 'de', '/')).toBe('en');
  });
});

describe('localeFromAcceptLanguage', () => {
  it('follows q weights, not only order', () => {
    expect(localeFromAcceptLanguage('en;q=0.5, cy;q=0.9')).toBe('cy');
    expect(localeFromAcceptLanguage('fr, en;q=0.7, cy;q=0.6')).toBe('en');
  });
  it('ignores ranges weighted zero and nonsense', () => {
    expect(localeFromAcceptLanguage('cy;q=0, en;q=0.1')).toBe('en');
    expect(localeFromAcceptLanguage(';;,')).toBe('en');
  });
});

describe('Welsh addresses', () => {
  it('reads the language of a path', () => {
    expect(localeOfPath('/cy')).toBe('cy');
    expect(localeOfPath('/cy/crime-clock')).toBe('cy');
    expect(localeOfPath('/cymru')).toBe('en');
    expect(localeOfPath('/search')).toBe('en');
  });
  it('maps each page to its Welsh twin and back', () => {
    expect(localizedPath('/crime-clock', 'cy')).toBe('/cy/crime-clock');
    expect(localizedPath('/', 'cy')).toBe('/cy');
    expect(localizedPath('/search?postcode=CF10', 'cy')).toBe('/cy/search?postcode=CF10');
    expect(localizedPath('/cy/search?postcode=CF10', 'en')).toBe('/search?postcode=CF10');
    expect(localizedPath('/cy', 'en')).toBe('/');
    expect(localizedPath('/cy/search', 'cy')).toBe('/cy/search');
    expect(pathWithoutLocale('/cy?x=1')).toBe('/?x=1');
  });
  it('leaves admin, embed and API paths English-only', () => {
    expect(hasWelshTwin('/admin/security')).toBe(false);
    expect(hasWelshTwin('/embed/crime-clock')).toBe(false);
    expect(localizedPath('/admin', 'cy')).toBe('/admin');
    expect(hasWelshTwin('/administration-of-justice')).toBe(true);
  });
});

describe('Welsh dates', () => {
  it('writes month names in Welsh and English', () => {
    const date = Date.UTC(2026, 10, 26, 12);
    expect(formatDate(date, 'cy')).toBe('26 Tachwedd 2026');
    expect(formatDate(date, 'en')).toBe('26 November 2026');
  });
});

describe('formatDate', () => {
  const july24 = Date.UTC(2025, 6, 24, 12);
  it('writes Welsh months from its own table, whatever Intl data the runtime has', () => {
    expect(formatDate(july24, 'cy', { dateStyle: 'long', timeZone: 'UTC' })).toBe('24 Gorffennaf 2025');
    expect(formatDate(july24, 'cy', { month: 'short', year: 'numeric', timeZone: 'UTC' })).toBe('Gorff 2025');
    expect(
      formatDate(Date.UTC(2026, 10, 26, 18, 5), 'cy', {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'UTC',
      }),
    ).toBe('26 Tach 2026, 18:05');
    // The month is read in the time zone asked for: 23:30 UTC on 31 March is 1 April in London (BST).
    expect(
      formatDate(Date.UTC(2026, 2, 31, 23, 30), 'cy', { dateStyle: 'long', timeZone: 'Europe/London' }),
    ).toBe('1 Ebrill 2026');
  });

  it('joins a long date to its time with the Welsh "am", never the English "at"', () => {
    const evening = Date.UTC(2026, 11, 7, 18, 37);
    const long = {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
    } as const;
    expect(formatDate(evening, 'cy', { ...long, timeZone: 'UTC' })).toBe('7 Rhagfyr 2026 am 18:37');
    expect(formatDate(evening, 'cy', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' })).toBe(
      '7 Rhagfyr 2026 am 18:37',
    );
    expect(formatDate(evening, 'en', { ...long, timeZone: 'UTC' })).toBe('7 December 2026 at 18:37');
  });

  it('leaves English to Intl', () => {
    expect(formatDate(july24, 'en', { dateStyle: 'long', timeZone: 'UTC' })).toBe('24 July 2025');
  });
});
