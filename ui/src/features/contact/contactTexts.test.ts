import { describe, expect, it } from 'vitest';
import { CONTACT_TEXTS } from '../../../../common/contact/messages.ts';
import { MESSAGES } from '../../../../common/i18n/messages.ts';
import { contactTextId, contactTextIdOf } from './contactTexts.ts';

describe('the contact texts in the message files', () => {
  it('say in English exactly what the shared texts say, so both checks speak alike', () => {
    for (const [key, text] of Object.entries(CONTACT_TEXTS)) {
      expect(MESSAGES.en[contactTextId(key as keyof typeof CONTACT_TEXTS)], key).toBe(text);
    }
  });

  it('find the Welsh of a text the check or the server gave, and nothing for other texts', () => {
    const id = contactTextIdOf(CONTACT_TEXTS.invalidEmail);
    expect(id).toBe('contactTexts.invalidEmail');
    expect(MESSAGES.cy[id!]).not.toBe(CONTACT_TEXTS.invalidEmail);
    expect(contactTextIdOf('Too many messages: try again in an hour.')).toBeUndefined();
  });
});
