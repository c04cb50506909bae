import type { ClockKind } from '../../../../common/clock/types.ts';
import { welshCategoryName } from '../../../../common/i18n/glossary-cy.ts';
import type { Locale } from '../../../../common/i18n/locale.ts';
import { clockMessage, hasClockMessage } from './clockIntl.ts';

// Apart from clockText.ts so that the embed, which names no category, does not carry the glossary.
/**
 * A category's name on a clock: police.uk categories in the Welsh of glossary-cy.json, the
 * survey's from the clocks' messages; a name neither knows stays as the definition gives it.
 */
export function categoryName(kind: ClockKind, id: string, name: string, locale: Locale = 'en'): string {
  if (locale === 'en') return name;
  if (kind === 'police') return welshCategoryName(id) ?? name;
  const messageId = `clocks.csewCategory.${id}`;
  return hasClockMessage(messageId) ? clockMessage(locale, messageId) : name;
}
