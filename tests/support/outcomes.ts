import { RESOLVED_OUTCOMES } from '../../common/search/outcomes.ts';

const resolved = new Set(RESOLVED_OUTCOMES.map((o) => o.toLowerCase()));

/**
 * Whether a crime's outcome counts as resolved, in JavaScript: what tests and benchmarks expect
 * the product's SQL (`outcome IN (:resolvedOutcomes)`, over RESOLVED_OUTCOMES) to have counted.
 */
export function isResolvedOutcome(outcome: string | null | undefined): boolean {
  return outcome ? resolved.has(outcome.trim().toLowerCase()) : false;
}
