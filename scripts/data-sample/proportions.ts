/**
 * The published proportions the synthetic archive follows. They are rounded by hand from public
 * statistics and make realistic test data; they are not statistics themselves, and nothing in the
 * product may present them as such.
 *
 * Sources:
 * - Category mix: Office for National Statistics, "Crime in England and Wales: year ending March
 *   2025", police recorded crime by offence group (appendix tables), regrouped into the
 *   data.police.uk street-level categories (stalking and harassment sit under "Violence and
 *   sexual offences" there), cross-checked against the data.police.uk street-level archive for
 *   April 2024 to March 2025. Anti-social behaviour incidents are about a sixth of street rows.
 * - Trends: the same ONS release (shoplifting up by about a fifth year on year, theft from the
 *   person up, burglary, vehicle crime and anti-social behaviour down).
 * - Seasonality: the shape of the monthly data.police.uk series (violence and anti-social
 *   behaviour peak in summer, burglary in the dark months, bicycle theft strongly in summer,
 *   criminal damage around Bonfire Night).
 * - Outcomes: Home Office, "Crime outcomes in England and Wales, year ending March 2025".
 * - Stop and search: Home Office, "Police powers and procedures: stop and search and arrests,
 *   England and Wales, year ending March 2024", and the data.police.uk stop-and-search files.
 *
 * The mix is the modern one whatever --end says: archives before May 2013 used other categories.
 */
import type { CrimeCategorySlug } from '../../common/crime/categories.ts';

export type StreetCategory = Exclude<CrimeCategorySlug, 'public-disorder-weapons'>;

/** Share of anti-social behaviour among all street rows. */
export const ASB_SHARE_OF_STREET_ROWS = 0.16;

/** Shares of police-recorded crimes (anti-social behaviour excluded), in per cent; sum 100. */
export const CRIME_SHARES_PERCENT: Readonly<
  Record<Exclude<StreetCategory, 'anti-social-behaviour'>, number>
> = {
  'violent-crime': 35.0,
  'other-theft': 9.6,
  shoplifting: 9.5,
  'criminal-damage-arson': 9.5,
  'public-order': 8.7,
  'vehicle-crime': 7.9,
  burglary: 5.0,
  'other-crime': 4.0,
  drugs: 3.9,
  'theft-from-the-person': 2.8,
  robbery: 1.6,
  'bicycle-theft': 1.3,
  'possession-of-weapons': 1.2,
};

/** The street categories in a fixed order: the generator draws by index into this list. */
export const STREET_CATEGORIES: readonly StreetCategory[] = [
  'anti-social-behaviour',
  ...(Object.keys(CRIME_SHARES_PERCENT) as Exclude<StreetCategory, 'anti-social-behaviour'>[]),
];

/** Expected share of all street rows for each category, derived from the two facts above. */
export function expectedStreetShare(category: StreetCategory): number {
  if (category === 'anti-social-behaviour') return ASB_SHARE_OF_STREET_ROWS;
  return ((1 - ASB_SHARE_OF_STREET_ROWS) * CRIME_SHARES_PERCENT[category]) / 100;
}

/** Month-of-year shape, January first. Each row is normalised to a mean of 1 where it is used. */
export const SEASONALITY: Readonly<Record<StreetCategory, readonly number[]>> = {
  'anti-social-behaviour': [0.82, 0.8, 0.92, 1.0, 1.1, 1.13, 1.2, 1.15, 1.0, 1.0, 0.94, 0.94],
  'violent-crime': [0.93, 0.9, 0.97, 0.98, 1.04, 1.06, 1.08, 1.05, 1.02, 1.02, 0.98, 0.97],
  'other-theft': [0.94, 0.9, 0.97, 0.99, 1.03, 1.04, 1.06, 1.05, 1.02, 1.01, 0.99, 1.0],
  shoplifting: [0.95, 0.94, 1.0, 0.98, 1.0, 0.98, 1.0, 1.0, 1.0, 1.03, 1.05, 1.07],
  'criminal-damage-arson': [0.95, 0.91, 1.0, 1.0, 1.03, 1.0, 1.03, 1.0, 0.98, 1.06, 1.09, 0.95],
  'public-order': [0.92, 0.9, 0.98, 0.99, 1.05, 1.06, 1.08, 1.04, 1.01, 1.01, 0.98, 0.98],
  'vehicle-crime': [1.05, 0.96, 1.0, 0.95, 0.97, 0.95, 0.97, 0.98, 0.98, 1.05, 1.09, 1.05],
  burglary: [1.08, 0.97, 0.95, 0.92, 0.92, 0.9, 0.95, 0.95, 0.98, 1.08, 1.15, 1.15],
  'other-crime': [0.98, 0.95, 1.0, 0.98, 1.02, 1.01, 1.02, 1.0, 1.0, 1.02, 1.01, 1.01],
  drugs: [1.02, 1.0, 1.05, 1.0, 1.02, 0.98, 0.98, 0.96, 1.0, 1.02, 1.0, 0.97],
  'theft-from-the-person': [0.95, 0.9, 0.95, 0.95, 1.0, 1.02, 1.05, 1.05, 1.02, 1.04, 1.05, 1.02],
  robbery: [1.02, 0.94, 0.97, 0.95, 0.98, 0.97, 1.0, 0.98, 1.0, 1.05, 1.08, 1.06],
  'bicycle-theft': [0.62, 0.63, 0.85, 1.0, 1.22, 1.3, 1.36, 1.35, 1.2, 1.05, 0.8, 0.62],
  'possession-of-weapons': [0.97, 0.95, 1.0, 1.0, 1.03, 1.02, 1.03, 1.0, 1.0, 1.0, 1.0, 1.0],
};

/** Year-on-year change around the reference month; shares above hold at that month. */
export const ANNUAL_TREND: Readonly<Record<StreetCategory, number>> = {
  'anti-social-behaviour': -0.06,
  'violent-crime': -0.02,
  'other-theft': 0.0,
  shoplifting: 0.2,
  'criminal-damage-arson': -0.03,
  'public-order': -0.02,
  'vehicle-crime': -0.05,
  burglary: -0.05,
  'other-crime': 0.02,
  drugs: 0.04,
  'theft-from-the-person': 0.08,
  robbery: 0.0,
  'bicycle-theft': -0.04,
  'possession-of-weapons': 0.03,
};

/** Middle of the year ending March 2025, where the shares above are anchored. */
export const TREND_REFERENCE_MONTH = '2024-09';

/** Spread of the month-to-month noise of a force's total (standard deviation, relative). */
export const MONTHLY_NOISE = 0.035;

/** Street rows with no location: empty coordinates and LSOA, Location "No Location". */
export const NO_LOCATION_SHARE = 0.015;

/**
 * Share of each category drawn from the dense core of a town rather than its whole spread:
 * theft and shoplifting sit in shopping streets, burglary and vehicle crime in residential areas.
 */
export const CITY_CENTRE_SHARE: Readonly<Record<StreetCategory, number>> = {
  'anti-social-behaviour': 0.3,
  'violent-crime': 0.28,
  'other-theft': 0.3,
  shoplifting: 0.45,
  'criminal-damage-arson': 0.15,
  'public-order': 0.35,
  'vehicle-crime': 0.12,
  burglary: 0.08,
  'other-crime': 0.2,
  drugs: 0.35,
  'theft-from-the-person': 0.55,
  robbery: 0.35,
  'bicycle-theft': 0.3,
  'possession-of-weapons': 0.3,
};

// ---------------------------------------------------------------------------------------------
// Outcomes

/**
 * How a crime's investigation ends. `single` outcomes are one event; `court` is a charge followed
 * by a court result; `pending` never gets an outcome (still under investigation at any age);
 * `unavailable` shows "Status update unavailable" once its time comes, with no outcome row.
 */
export type FinalOutcome =
  | { readonly kind: 'single'; readonly type: string }
  | { readonly kind: 'court' }
  | { readonly kind: 'pending' }
  | { readonly kind: 'unavailable' };

export const FINAL_OUTCOMES: readonly { readonly outcome: FinalOutcome; readonly weight: number }[] = [
  { outcome: { kind: 'single', type: 'Investigation complete; no suspect identified' }, weight: 40 },
  { outcome: { kind: 'single', type: 'Unable to prosecute suspect' }, weight: 33 },
  { outcome: { kind: 'court' }, weight: 7 },
  { outcome: { kind: 'single', type: 'Local resolution' }, weight: 4 },
  { outcome: { kind: 'single', type: 'Action to be taken by another organisation' }, weight: 2.5 },
  { outcome: { kind: 'single', type: 'Offender given a caution' }, weight: 2 },
  { outcome: { kind: 'single', type: 'Further investigation is not in the public interest' }, weight: 1.5 },
  { outcome: { kind: 'unavailable' }, weight: 1.5 },
  { outcome: { kind: 'pending' }, weight: 2 },
  { outcome: { kind: 'single', type: 'Formal action is not in the public interest' }, weight: 1 },
  { outcome: { kind: 'single', type: 'Further action is not in the public interest' }, weight: 1 },
  { outcome: { kind: 'single', type: 'Suspect charged as part of another case' }, weight: 1 },
  { outcome: { kind: 'single', type: 'Offender given penalty notice' }, weight: 0.5 },
  { outcome: { kind: 'single', type: 'Offender given a drugs possession warning' }, weight: 0 },
];

/** Per-category multipliers on the weights above, keyed by outcome type or kind. */
export const OUTCOME_ADJUSTMENTS: Readonly<
  Partial<Record<StreetCategory, Readonly<Record<string, number>>>>
> = {
  shoplifting: {
    court: 2.5,
    'Investigation complete; no suspect identified': 0.8,
    'Local resolution': 1.5,
  },
  drugs: {
    court: 3,
    'Investigation complete; no suspect identified': 0.1,
    'Unable to prosecute suspect': 0.3,
    'Local resolution': 4,
    'Offender given a caution': 3,
  },
  'possession-of-weapons': { court: 5, 'Investigation complete; no suspect identified': 0.2 },
  burglary: { 'Investigation complete; no suspect identified': 1.8, 'Unable to prosecute suspect': 0.6 },
  'vehicle-crime': {
    'Investigation complete; no suspect identified': 1.9,
    'Unable to prosecute suspect': 0.5,
  },
  'bicycle-theft': {
    'Investigation complete; no suspect identified': 1.9,
    'Unable to prosecute suspect': 0.5,
  },
  'theft-from-the-person': {
    'Investigation complete; no suspect identified': 1.9,
    'Unable to prosecute suspect': 0.5,
  },
  'other-theft': { 'Investigation complete; no suspect identified': 1.6, 'Unable to prosecute suspect': 0.7 },
  'violent-crime': {
    'Investigation complete; no suspect identified': 0.5,
    'Unable to prosecute suspect': 1.6,
  },
  'public-order': { 'Unable to prosecute suspect': 1.2 },
};

/** Weights added for a category on top of the table above (outcomes with no base weight). */
export const OUTCOME_EXTRA_WEIGHTS: Readonly<
  Partial<Record<StreetCategory, Readonly<Record<string, number>>>>
> = {
  drugs: { 'Offender given a drugs possession warning': 12 },
};

/** Court results after a charge; the street file shows "Awaiting court outcome" until then. */
export const COURT_RESULTS: readonly { readonly type: string; readonly weight: number }[] = [
  { type: 'Offender sent to prison', weight: 20 },
  { type: 'Offender fined', weight: 15 },
  { type: 'Offender given community sentence', weight: 14 },
  { type: 'Offender given suspended prison sentence', weight: 12 },
  { type: 'Court result unavailable', weight: 12 },
  { type: 'Defendant found not guilty', weight: 8 },
  { type: 'Offender given conditional discharge', weight: 5 },
  { type: 'Court case unable to proceed', weight: 5 },
  { type: 'Offender otherwise dealt with', weight: 4 },
  { type: 'Offender ordered to pay compensation', weight: 2 },
  { type: 'Defendant sent to Crown Court', weight: 2 },
  { type: 'Offender given absolute discharge', weight: 1 },
];

/** Outcome-file wording of a charge. */
export const CHARGED_OUTCOME_TYPE = 'Suspect charged';

export const STREET_OUTCOME = {
  underInvestigation: 'Under investigation',
  awaitingCourt: 'Awaiting court outcome',
  statusUnavailable: 'Status update unavailable',
} as const;

/** Months from the crime to its first outcome (index = months), and from charge to court result. */
export const FIRST_OUTCOME_LAG_WEIGHTS: readonly number[] = [38, 27, 14, 8, 6, 4, 3];
export const COURT_LAG_WEIGHTS: readonly number[] = [0, 20, 22, 20, 15, 13, 10];

/** Longest gap between a crime and any of its outcome rows, in months. */
export const MAX_OUTCOME_LAG = FIRST_OUTCOME_LAG_WEIGHTS.length - 1 + (COURT_LAG_WEIGHTS.length - 1);

// ---------------------------------------------------------------------------------------------
// Stop and search

/** Searches per street row of the same force, when a force has no figure of its own. */
export const STOP_SEARCH_PER_STREET_ROW = 0.08;

/** Empty latitude and longitude on a stop-and-search row. */
export const STOP_SEARCH_NO_LOCATION_SHARE = 0.12;

type Weighted = readonly (readonly [string, number])[];

export const SEARCH_TYPES: Weighted = [
  ['Person search', 80],
  ['Person and Vehicle search', 18],
  ['Vehicle search', 2],
];

export const PART_OF_OPERATION: Weighted = [
  ['False', 83],
  ['True', 5],
  ['', 12],
];

/** Free-text operation names; some carry commas and quotes, which real files also contain. */
export const POLICING_OPERATIONS: readonly string[] = [
  'Operation Sceptre',
  'Op Venice',
  'Operation Nightsafe',
  'Section 60 authority, town centre',
  'Operation "Safer Streets"',
  'Op Grip',
  'Operation Trident',
  'Operation Viper',
];

export const GENDERS: Weighted = [
  ['Male', 88],
  ['Female', 10],
  ['Other', 0.3],
  ['', 1.7],
];

export const AGE_RANGES: Weighted = [
  ['18-24', 31],
  ['25-34', 28],
  ['over 34', 22],
  ['10-17', 13],
  ['under 10', 0.1],
  ['', 5.9],
];

/** Self-defined ethnicity with the officer-defined group it most often goes with. */
export const ETHNICITIES: readonly (readonly [
  selfDefined: string,
  officerDefined: string,
  weight: number,
])[] = [
  ['White - English/Welsh/Scottish/Northern Irish/British', 'White', 45],
  ['White - Any other White background', 'White', 6],
  ['White - Irish', 'White', 0.5],
  ['Black/African/Caribbean/Black British - African', 'Black', 6],
  ['Black/African/Caribbean/Black British - Caribbean', 'Black', 4],
  ['Black/African/Caribbean/Black British - Any other Black/African/Caribbean background', 'Black', 4],
  ['Asian/Asian British - Pakistani', 'Asian', 4],
  ['Asian/Asian British - Bangladeshi', 'Asian', 2],
  ['Asian/Asian British - Indian', 'Asian', 2],
  ['Asian/Asian British - Any other Asian background', 'Asian', 3],
  ['Mixed/Multiple ethnic groups - White and Black Caribbean', 'Black', 2],
  ['Mixed/Multiple ethnic groups - Any other Mixed/Multiple ethnic background', 'White', 2],
  ['Other ethnic group - Any other ethnic group', 'Other', 2],
  ['Other ethnic group - Not stated', 'White', 12],
  ['', '', 5.5],
];

/** Officer-defined ethnicity left empty even when the self-defined one is known. */
export const OFFICER_ETHNICITY_EMPTY_SHARE = 0.08;

/** Legislation with the objects of search it allows. */
export const LEGISLATION: readonly {
  readonly act: string;
  readonly weight: number;
  readonly objects: Weighted;
}[] = [
  { act: 'Misuse of Drugs Act 1971 (section 23)', weight: 62, objects: [['Controlled drugs', 1]] },
  {
    act: 'Police and Criminal Evidence Act 1984 (section 1)',
    weight: 33,
    objects: [
      ['Offensive weapons', 35],
      ['Stolen goods', 30],
      ['Article for use in theft', 15],
      ['Articles for use in criminal damage', 8],
      ['Evidence of offences under the Act', 5],
      ['Anything to threaten or harm anyone', 4],
      ['Fireworks', 2],
      ['Detailed object of search unavailable', 1],
    ],
  },
  {
    act: 'Criminal Justice and Public Order Act 1994 (section 60)',
    weight: 2,
    objects: [['Offensive weapons', 1]],
  },
  { act: 'Firearms Act 1968 (section 47)', weight: 1, objects: [['Firearms', 1]] },
  {
    act: 'Psychoactive Substances Act 2016 (s36(2))',
    weight: 0.2,
    objects: [['Psychoactive substances', 1]],
  },
  { act: '', weight: 1.8, objects: [['', 1]] },
];

export const SEARCH_OUTCOMES: Weighted = [
  ['A no further action disposal', 70],
  ['Arrest', 14],
  ['Community resolution', 9],
  ['Khat or Cannabis warning', 3],
  ['Summons / charged by post', 2],
  ['Penalty Notice for Disorder', 1],
  ['Caution (simple or conditional)', 1],
];

export const OUTCOME_LINKED_AFTER_NO_ACTION: Weighted = [
  ['False', 70],
  ['', 30],
];

export const OUTCOME_LINKED_AFTER_ACTION: Weighted = [
  ['True', 60],
  ['False', 35],
  ['', 5],
];

export const REMOVAL_OF_CLOTHING: Weighted = [
  ['False', 80],
  ['True', 2],
  ['', 18],
];

/** Relative number of searches by hour of day (local time), midnight first. */
export const SEARCH_HOUR_WEIGHTS: readonly number[] = [
  4, 3, 2.5, 2, 1.5, 1, 1, 1.5, 2, 3, 3.5, 4, 4.5, 5, 5.5, 6, 6.5, 7, 7, 7, 6.5, 6, 5.5, 5,
];
