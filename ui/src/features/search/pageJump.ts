import type { Locale } from '../../../../common/i18n/locale.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { message } from './searchText.ts';

/**
 * The page a visitor typed into the pager's "Go to page" field: a whole number from 1 to `pages`,
 * or a sentence saying what to type instead.
 */
export function readPageJump(
  text: string,
  pages: number,
  locale: Locale = PAGE_LOCALE,
): { ok: true; page: number } | { ok: false; error: string } {
  const trimmed = text.trim().replace(/,/g, '');
  const page = /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  if (!Number.isSafeInteger(page) || page < 1 || page > pages) {
    return {
      ok: false,
      error:
        pages === 1
          ? message('search.pager.onlyOne', undefined, locale)
          : message('search.pager.range', { pages }, locale),
    };
  }
  return { ok: true, page };
}
