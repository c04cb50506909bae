/**
 * Rank badge colours exist for four ranks (spec section 2). Forces write ranks freely ("PC",
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
