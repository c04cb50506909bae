/**
 * The terms of art the pages use, each explained once. The Term component shows one where it
 * appears; the glossary page (/glossary) lists them all, each under its id as the address's hash.
 */
export interface GlossaryEntry {
  readonly id: GlossaryTermId;
  readonly term: string;
  readonly definition: string;
}

export type GlossaryTermId =
  'csew' | 'police-recorded' | 'peak' | 'prevalence' | 'exposures' | 'months-with-data' | 'pace';

export const GLOSSARY: readonly GlossaryEntry[] = [
  {
    id: 'csew',
    term: 'CSEW',
    definition:
      'The Crime Survey for England and Wales, run for the Office for National Statistics. It asks people living in households about the crimes they experienced in the last year, whether or not they told the police, so it counts many crimes the police never hear of.',
  },
  {
    id: 'police-recorded',
    term: 'Police-recorded crime',
    definition:
      'Crimes reported to the police and recorded by them, published each month by data.police.uk. It leaves out crimes nobody reported.',
  },
  {
    id: 'peak',
    term: 'Peak and off-peak',
    definition:
      'Each kind of crime happens more often at some hours of the day than at others. In its busiest hours (peak) its clock runs faster than its yearly average, in the other hours (off-peak) slower, by the time in the UK.',
  },
  {
    id: 'prevalence',
    term: 'Prevalence',
    definition:
      'How many people experienced a kind of crime at least once in a year. It counts victims, not crimes: someone burgled twice is counted once.',
  },
  {
    id: 'exposures',
    term: 'Exposures',
    definition:
      'The people affected by each kind of crime, added up over the kinds. Someone who experienced two kinds of crime is counted twice, so it is more than the number of different people.',
  },
  {
    id: 'months-with-data',
    term: 'Months with data',
    definition:
      'The months for which the police forces have published their records. Forces publish a month or two after it ends, and a month a force has not published is left out rather than counted as no crime.',
  },
  {
    id: 'pace',
    term: 'Pace',
    definition:
      'How fast a police clock counts: the crimes recorded in the latest months with data, scaled to a year and spread over it by the time of day each kind of crime is most often committed.',
  },
];

export function glossaryEntry(id: GlossaryTermId): GlossaryEntry {
  const entry = GLOSSARY.find((e) => e.id === id);
  if (!entry) throw new Error(`No glossary entry ${id}`);
  return entry;
}
