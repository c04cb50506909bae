import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { INTL_LOCALE, LOCALES } from './locale.ts';
import { MESSAGE_FILES, MESSAGES } from './messages.ts';

const files: Record<string, Record<string, string>> = MESSAGES;
const { en, cy } = MESSAGES;

/** Every plural element of a parsed message, nested ones included. */
function plurals(elements: MessageFormatElement[]): Extract<MessageFormatElement, { type: TYPE.plural }>[] {
  return elements.flatMap((element) => {
    if (element.type === TYPE.plural) {
      return [element, ...Object.values(element.options).flatMap((option) => plurals(option.value))];
    }
    if (element.type === TYPE.select) return Object.values(element.options).flatMap((o) => plurals(o.value));
    if (element.type === TYPE.tag) return plurals(element.children);
    return [];
  });
}

describe('the message files', () => {
  it('give each id to one file only, and each file the same ids in both languages', () => {
    for (const locale of LOCALES) {
      const seen = new Map<string, string>();
      for (const [file, messages] of Object.entries(MESSAGE_FILES[locale])) {
        for (const id of Object.keys(messages)) {
          expect(seen.get(id), `${locale} ${id} is in ${seen.get(id)} and ${file}`).toBeUndefined();
          seen.set(id, file);
        }
      }
    }
    for (const [file, messages] of Object.entries(MESSAGE_FILES.en)) {
      const welsh = (MESSAGE_FILES.cy as Record<string, Record<string, string>>)[file] ?? {};
      expect(Object.keys(welsh).sort(), file).toEqual(Object.keys(messages).sort());
    }
  });

  it('have the same ids in every language', () => {
    const ids = (locale: string) => Object.keys(files[locale] ?? {}).sort();
    for (const locale of LOCALES) expect(ids(locale), locale).toEqual(ids('en'));
  });

  it.each(LOCALES)('hold only messages that parse as ICU (%s)', (locale) => {
    for (const [id, message] of Object.entries(files[locale] ?? {})) {
      expect(() => parse(message), `${locale} ${id}`).not.toThrow();
      expect(message.trim(), `${locale} ${id} is empty`).not.toBe('');
    }
  });

  it.each(LOCALES)('give every plural the forms the language needs (%s)', (locale) => {
    // Welsh needs six (zero, one, two, few, many, other); English two. Intl knows which.
    const needed = new Intl.PluralRules(INTL_LOCALE[locale]).resolvedOptions().pluralCategories;
    if (locale === 'cy') expect(needed).toHaveLength(6);
    for (const [id, message] of Object.entries(files[locale] ?? {})) {
      for (const plural of plurals(parse(message))) {
        if (plural.pluralType === 'ordinal') continue;
        expect(Object.keys(plural.options), `${locale} ${id}`).toEqual(expect.arrayContaining(needed));
      }
    }
  });

  it('use the same rich-text tags in both languages', () => {
    // The code gives each tag its element (a link, say): a tag missing in one language loses it.
    // Arguments may differ: a language may word the same facts from other values.
    const tags = (message: string) => [...message.matchAll(/<\/?([\w-]+)>/g)].map((m) => m[0]).sort();
    for (const [id, message] of Object.entries(en)) {
      expect(tags((cy as Record<string, string>)[id] ?? ''), id).toEqual(tags(message));
    }
  });
});
