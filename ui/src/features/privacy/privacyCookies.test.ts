import { describe, expect, it } from 'vitest';
import { LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS } from '../../../../common/i18n/locale.ts';
import { MESSAGES } from '../../../../common/i18n/messages.ts';

describe("the privacy policy's Cookies section", () => {
  it.each(['en', 'cy'] as const)('names the language cookie the switch sets (%s)', (locale) => {
    const language = MESSAGES[locale]['privacy.cookies.language'];
    expect(language).toContain(`<code>${LOCALE_COOKIE}</code>`);
    // "No cookies at all" stopped being true with the language switch.
    expect(MESSAGES[locale]['privacy.cookies.p1']).not.toMatch(/no cookies|unrhyw gwcis/i);
  });

  it('says one year, which is how long the cookie lasts', () => {
    expect(LOCALE_COOKIE_MAX_AGE_SECONDS).toBe(365 * 24 * 60 * 60);
    expect(MESSAGES.en['privacy.cookies.language']).toContain('for one year');
    expect(MESSAGES.cy['privacy.cookies.language']).toContain('am flwyddyn');
  });
});
