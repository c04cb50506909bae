import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { parseClockAreaId } from '../../../common/clock/area.ts';
import { areaName } from '../../../common/clock/area-name.ts';
import { categoryFromSlug, isCrimeCategorySlug } from '../../../common/crime/categories.ts';
import { welshCategoryName } from '../../../common/i18n/glossary-cy.ts';
import { INTL_LOCALE, type Locale } from '../../../common/i18n/locale.ts';
import { MESSAGES, type MessageId } from '../../../common/i18n/messages.ts';
import { labelWithForceName } from '../../../common/police/force-name.ts';
import { parseMonth } from '../../../common/search/months.ts';

/**
 * The words of what the servers write about alerts (mails, feeds, the subscribe answer) in one of
 * the site's languages: the UI's own message files through FormatJS, numbers and months through
 * Intl with cy-GB / en-GB, crime categories and the Welsh forces' names from the Welsh glossary,
 * areas as the pages name them.
 */
export interface AlertWords {
  locale: Locale;
  /** A message of common/i18n/messages/<locale>/alerts.json with its values. */
  say(id: MessageId, values?: Record<string, string | number>): string;
  number(value: number): string;
  /** "July 2025", "Gorffennaf 2025"; a text that is not a YYYY-MM month as it is. */
  month(month: string): string;
  /** The police.uk name of a crime category in the language (glossary-cy.json for Welsh). */
  category(slug: string): string;
  /**
   * An area (its id, common/clock/area.ts) as every page names it in the language
   * (common/clock/area-name.ts): "1 filltir o amgylch CF10 1AA", "Heddlu Dyfed-Powys". A
   * neighbourhood is named by `neighbourhoodName`, the search answer's; `label`, the search's
   * English label, is read for it only by a mail queued before payloads carried the name. Without
   * an id (a mail queued before payloads carried it) the label, its force named in the language.
   */
  area(areaId: string | undefined, label: string, neighbourhoodName?: string): string;
}

const cache = createIntlCache();
const intls = new Map<Locale, IntlShape<string>>();

function intlOf(locale: Locale): IntlShape<string> {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl(
      { locale: INTL_LOCALE[locale], defaultLocale: 'en-GB', messages: MESSAGES[locale] },
      cache,
    );
    intls.set(locale, intl);
  }
  return intl;
}

export function alertWords(locale: Locale): AlertWords {
  const intl = intlOf(locale);
  return {
    locale,
    say: (id, values) => intl.formatMessage({ id }, values),
    number: (value) => intl.formatNumber(value),
    month: (month) => {
      const parsed = parseMonth(month);
      if (parsed === undefined) return month;
      const at = Date.UTC(Math.floor(parsed / 100), (parsed % 100) - 1, 1);
      return intl.formatDate(at, { month: 'long', year: 'numeric', timeZone: 'UTC' });
    },
    category: (slug) => {
      if (!isCrimeCategorySlug(slug)) return slug;
      const english = categoryFromSlug(slug)?.label ?? slug;
      return locale === 'cy' ? (welshCategoryName(slug) ?? english) : english;
    },
    area: (areaId, label, neighbourhoodName) => {
      const area = parseClockAreaId(areaId);
      return area ? areaName(area, locale, label, neighbourhoodName) : labelWithForceName(label, locale);
    },
  };
}
