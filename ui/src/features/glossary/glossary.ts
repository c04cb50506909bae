/**
 * The terms of art the pages use, each explained once. The Term component shows one where it
 * appears; the glossary page (/glossary) lists them all, each under its id as the address's hash.
 * Each term's words are messages (`glossary.<id>.term`, `glossary.<id>.definition`) in
 * common/i18n/messages, so they exist in English and Welsh.
 */
export const GLOSSARY_TERM_IDS = [
  'csew',
  'police-recorded',
  'peak',
  'prevalence',
  'exposures',
  'months-with-data',
  'pace',
] as const;

export type GlossaryTermId = (typeof GLOSSARY_TERM_IDS)[number];

/** The message ids of a term's name and its definition. */
export function glossaryMessageIds(id: GlossaryTermId) {
  return { term: `glossary.${id}.term`, definition: `glossary.${id}.definition` } as const;
}
