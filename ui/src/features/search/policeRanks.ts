import type { Locale } from '../../../../common/i18n/locale.ts';
import type { MessageId } from '../../../../common/i18n/messages.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { message } from './searchText.ts';

/**
 * Rank badge colours exist for four ranks. Forces write ranks freely ("PC",
 * "Police Sergeant", "Temporary Inspector"), so the rank is matched on its words; a chief or
 * assistant chief constable is a chief officer, not a constable, and gets the plain badge.
 */
export type RankBadge = 'chief-inspector' | 'inspector' | 'sergeant' | 'constable' | 'other';

export function rankBadge(rank: string | null | undefined): RankBadge {
  const words = (rank ?? '')
    .toLowerCase()
    .replace(/[^a-z ]+/g, ' ')
    .trim();
  if (/\bchief inspector\b/.test(words)) return 'chief-inspector';
  if (/\binspector\b/.test(words)) return 'inspector';
  if (/\b(sergeant|sgt|ps)\b/.test(words)) return 'sergeant';
  if (/\bchief\b/.test(words)) return 'other';
  if (/\b(constable|pc)\b/.test(words)) return 'constable';
  return 'other';
}

/** The ranks forces write most, by their words, and the message that names each in Welsh. */
const RANK_MESSAGES: [RegExp, MessageId][] = [
  [/^(temporary )?deputy chief constable$/, 'search.rank.deputyChiefConstable'],
  [/^(temporary )?assistant chief constable$/, 'search.rank.assistantChiefConstable'],
  [/^(temporary )?chief constable$/, 'search.rank.chiefConstable'],
  [/^(temporary )?chief superintendent$/, 'search.rank.chiefSuperintendent'],
  [/^(temporary )?superintendent$/, 'search.rank.superintendent'],
  [/^(temporary )?(police )?chief inspector$/, 'search.rank.chiefInspector'],
  [/^(temporary )?(police )?inspector$/, 'search.rank.inspector'],
  [/^(temporary )?(police )?(sergeant|sgt|ps)$/, 'search.rank.sergeant'],
  [/^(police community support officer|pcso)$/, 'search.rank.pcso'],
  [/^((police )?constable|pc)$/, 'search.rank.constable'],
];

/**
 * A rank as the page shows it: as the force wrote it in English; in Welsh, the usual Welsh name of
 * a rank this page knows ("Sergeant" → "Rhingyll"), else as written.
 */
export function rankLabel(rank: string, locale: Locale = PAGE_LOCALE): string {
  if (locale === 'en') return rank;
  const words = rank
    .toLowerCase()
    .replace(/[^a-z ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const found = RANK_MESSAGES.find(([pattern]) => pattern.test(words));
  return found ? message(found[1], undefined, locale) : rank;
}
