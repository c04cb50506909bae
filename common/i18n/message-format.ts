/**
 * Plain-text formatting over a few message files, without FormatJS's whole `createIntl`: what the
 * embed (which must stay small, docs/benchmarks.md) and the pure helpers that name things in a
 * language use. Plurals follow the language's `Intl.PluralRules` (Welsh's six forms).
 */
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import { INTL_LOCALE, type Locale } from './locale.ts';

export type MessageValues = Record<string, PrimitiveType>;

/** A formatter over some message files: each message compiled once, its plurals by the language's Intl rules. */
export function messageFormatter<Id extends string>(sources: Record<Locale, Record<Id, string>>) {
  const compiled = new Map<string, IntlMessageFormat>();
  return (locale: Locale, id: Id, values?: MessageValues): string => {
    const key = `${locale} ${id}`;
    let format = compiled.get(key);
    if (!format) {
      format = new IntlMessageFormat(sources[locale][id], INTL_LOCALE[locale]);
      compiled.set(key, format);
    }
    return String(format.format(values));
  };
}
