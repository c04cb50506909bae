import { CONTACT_TEXTS } from '../../../../common/contact/messages.ts';
import type { MessageId } from '../../../../common/i18n/messages.ts';

type ContactTextKey = keyof typeof CONTACT_TEXTS;

/** The message id of each of the shared contact texts (common/contact/messages.ts). */
export function contactTextId(key: ContactTextKey): MessageId {
  return `contactTexts.${key}`;
}

/**
 * The id of a text the form's check or the server gave (always in English: the server's checks
 * use the same shared texts), so a Welsh page can say it in Welsh; undefined for any other text,
 * which is then shown as it came.
 */
export function contactTextIdOf(text: string): MessageId | undefined {
  const key = (Object.keys(CONTACT_TEXTS) as ContactTextKey[]).find((k) => CONTACT_TEXTS[k] === text);
  return key ? contactTextId(key) : undefined;
}
