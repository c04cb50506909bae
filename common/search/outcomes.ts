/**
 * When is a crime "resolved"? The street archive gives each crime its "Last outcome category".
 * We count a crime as resolved when the police identified a suspect and took formal action:
 * a charge or summons (whatever the court later decided, because the police outcome is the
 * charge), or an out-of-court disposal. Everything else is unresolved: no suspect, suspect
 * identified but no action, passed to another body, still open, or no update. The reasoning is
 * written up in docs/search.md. Anti-social behaviour has no outcomes on data.police.uk, so it
 * is left out of the rate's denominator rather than counted as unresolved.
 */
import type { CrimeCategorySlug } from '../crime/categories.ts';

/** Charged or summonsed: the case went (or is going) to court. */
export const CHARGED_OUTCOMES = [
  'Awaiting court outcome',
  'Suspect charged',
  'Suspect charged as part of another case',
  'Defendant sent to Crown Court',
  'Court result unavailable',
  'Court case unable to proceed',
  'Defendant found not guilty',
  'Offender sent to prison',
  'Offender given suspended prison sentence',
  'Offender given community sentence',
  'Offender fined',
  'Offender given conditional discharge',
  'Offender given absolute discharge',
  'Offender ordered to pay compensation',
  'Offender deprived of property',
  'Offender otherwise dealt with',
] as const;

/** Formal action without court: caution, penalty notice, drugs warning, community resolution. */
export const OUT_OF_COURT_OUTCOMES = [
  'Offender given a caution',
  'Offender given penalty notice',
  'Offender given a drugs possession warning',
  'Local resolution',
] as const;

export const RESOLVED_OUTCOMES: readonly string[] = [...CHARGED_OUTCOMES, ...OUT_OF_COURT_OUTCOMES];

/** Known last-outcome categories that do not count as resolved (listed for the docs and tests). */
export const UNRESOLVED_OUTCOMES = [
  'Investigation complete; no suspect identified',
  'Unable to prosecute suspect',
  'Formal action is not in the public interest',
  'Further investigation is not in the public interest',
  'Further action is not in the public interest',
  'Action to be taken by another organisation',
  'Under investigation',
  'Status update unavailable',
] as const;

/** Categories whose crimes never carry an outcome, so they stay out of the resolution rate. */
export const OUTCOME_FREE_CATEGORIES: readonly CrimeCategorySlug[] = ['anti-social-behaviour'];

/** Resolved crimes as a percentage of crimes that can have an outcome, to 1 decimal; null if none. */
export function resolutionPercentage(resolvedCount: number, eligibleCount: number): number | null {
  if (eligibleCount <= 0) return null;
  return Math.round((resolvedCount / eligibleCount) * 1000) / 10;
}
