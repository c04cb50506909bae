/**
 * How a page names a police force in its language: the one place that decides, for every page,
 * mail and feed that shows a force's name.
 *
 * On a Welsh page the four Welsh forces go by their own Welsh names (Heddlu De Cymru, from
 * common/i18n/glossary-cy.json). Every other force keeps its name as data.police.uk writes it:
 * England's forces are proper names here, and whether police.uk/cy translates them awaits review
 * (docs/i18n.md), so none is made up.
 */
import { welshForceName } from '../i18n/glossary-cy.ts';
import type { Locale } from '../i18n/locale.ts';
import { POLICE_FORCES, forceById } from './forces.ts';

/**
 * The force's name in `locale`. A force id we do not know keeps `fallback` (the name the data
 * gave it), else the id itself.
 */
export function forceNameFor(forceId: string, locale: Locale, fallback?: string): string {
  const english = forceById(forceId)?.name ?? fallback ?? forceId;
  return (locale === 'cy' && welshForceName(forceId)) || english;
}

/**
 * A label the server wrote with a force's English name, as the whole label ("South Wales Police")
 * or after the last comma ("Cardiff Central, South Wales Police"), with that force named as
 * `locale` names it. Any other label (a postcode's radius) is returned as it is.
 */
export function labelWithForceName(label: string, locale: Locale): string {
  if (locale === 'en') return label;
  const comma = label.lastIndexOf(', ');
  const head = comma < 0 ? '' : label.slice(0, comma + 2);
  const tail = comma < 0 ? label : label.slice(comma + 2);
  const force = POLICE_FORCES.find((f) => f.name === tail);
  return force ? `${head}${forceNameFor(force.id, locale)}` : label;
}

/**
 * Forces in the order of their names as `locale` shows them, so a Welsh list finds "Heddlu De
 * Cymru" under H, where a reader of that list looks for it.
 */
export function inForceNameOrder<T extends { readonly id: string; readonly name: string }>(
  forces: readonly T[],
  locale: Locale,
): T[] {
  const collator = new Intl.Collator(locale === 'cy' ? 'cy-GB' : 'en-GB');
  const named = forces.map((force) => ({ force, name: forceNameFor(force.id, locale, force.name) }));
  return named.sort((a, b) => collator.compare(a.name, b.name)).map(({ force }) => force);
}
