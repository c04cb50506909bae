/**
 * The little grammar that code applies around messages, where an ICU message cannot: how a list
 * of names is joined, and the Welsh soft mutation a word takes after "i" ("to"). Pure, so the
 * clock pages, the embed and the servers join and mutate alike.
 */
import type { Locale } from './locale.ts';

/**
 * "A, B and C"; in Welsh "A, B a C", and "ac" before a vowel ("A ac Y"). Not Intl.ListFormat:
 * browsers need not carry Welsh list data, and its Welsh writes "a(c)", a form to fill in.
 */
export function joinList(items: readonly string[], locale: Locale): string {
  if (items.length <= 1) return items[0] ?? '';
  const last = items.at(-1)!;
  const and = locale === 'cy' ? (/^[aeiouwyâêîôûŵŷ]/i.test(last) ? 'ac' : 'a') : 'and';
  return `${items.slice(0, -1).join(', ')} ${and} ${last}`;
}

/** Welsh soft mutation of a first consonant, tried in order: "Ch" (which keeps its C) before "C". */
const SOFT_MUTATIONS: readonly (readonly [from: string, to: string])[] = [
  ['Ll', 'L'],
  ['Rh', 'R'],
  ['Ch', 'Ch'],
  ['P', 'B'],
  ['T', 'D'],
  ['C', 'G'],
  ['B', 'F'],
  ['D', 'Dd'],
  ['G', ''],
  ['M', 'F'],
];

/**
 * A Welsh word as it stands after "i" ("to"): "Mawrth" → "Fawrth", "Tachwedd" → "Dachwedd",
 * "Gorffennaf" → "Orffennaf". Vowels and other letters stay.
 */
export function softMutation(word: string): string {
  const rule = SOFT_MUTATIONS.find(([from]) => word.startsWith(from));
  if (!rule) return word;
  const rest = rule[1] + word.slice(rule[0].length);
  // A dropped G leaves the next letter first: it takes the capital.
  return rule[1] === '' ? rest.charAt(0).toUpperCase() + rest.slice(1) : rest;
}
