/**
 * Crime Survey for England and Wales (CSEW) figures, year ending March 2025: the one copy used by
 * the CSEW crime clock, the /admin/csew-data viewer and the API.
 *
 * Source: Office for National Statistics, statistical bulletin "Crime in England and Wales: year
 * ending March 2025", released 24 July 2025 (next release 23 October 2025), and its accompanying
 * "Crime in England and Wales: Appendix tables" (CSEW incident estimates, table A1) and "Annual
 * supplementary tables" (nature of incidents, including reporting to the police). Table A1 is the
 * number that table has carried in recent editions; check it against the July 2025 workbook.
 *
 * Three kinds of figure sit here, and every row says which in `status` and `source`:
 *  - published: the bulletin's own rounded figure ("around 9.4 million", "around 4.2 million").
 *  - specification: a figure given in the product specification that we have not found in the
 *    bulletin's main points; kept as the specification gives it.
 *  - estimate: derived by us, because the bulletin's main points do not break it out. Breakdowns
 *    are chosen so that they add up to the published totals; shares unreported follow the pattern
 *    of recent CSEW "Nature of crime" reporting tables. They are not ONS numbers for this year and
 *    should be replaced by the appendix-table values when those are typed in.
 */
import type { ClockCategoryInput } from '../clock/model.ts';
import { modelPeak, PEAK_PROFILES } from '../clock/peak-hours.ts';

/** The specification's per-second rates are over a 365-day year (section 9). */
export const SECONDS_IN_365_DAY_YEAR = 365 * 24 * 60 * 60;

export type SurveyRowStatus = 'published' | 'specification' | 'estimate';

export const SURVEY_STATUS_LABELS: Readonly<Record<SurveyRowStatus, string>> = {
  published: 'ONS published',
  specification: 'As given in spec',
  estimate: 'Derived estimate',
};

export const NOT_PUBLISHED = 'Not published';

/** One row of the survey data viewer ("Survey data row" in the specification). */
export interface SurveyDataRow {
  readonly crime: string;
  /** Incidents, or people for the prevalence group; text where there is no number. */
  readonly totalCSEW: number | string;
  readonly reported: number | string;
  readonly unreported: number | string;
  readonly unreportedPercent: number | null;
  readonly perSecondUnreported: number | null;
  readonly status: SurveyRowStatus;
  readonly source: string;
}

const BULLETIN = 'ONS, Crime in England and Wales: year ending March 2025 (24 July 2025)';
const A1 = `${BULLETIN}, Appendix table A1 (CSEW incidents)`;
const DERIVED_REPORTING =
  'share unreported is our estimate in line with recent CSEW Nature of crime tables on reporting to the police';

/** Builds a row; reported and unreported follow from the total and the share unreported. */
function surveyRow(
  crime: string,
  total: number,
  unreportedPercent: number | null,
  status: SurveyRowStatus,
  source: string,
): SurveyDataRow {
  if (unreportedPercent === null) {
    return {
      crime,
      totalCSEW: total,
      reported: NOT_PUBLISHED,
      unreported: NOT_PUBLISHED,
      unreportedPercent: null,
      perSecondUnreported: null,
      status,
      source,
    };
  }
  const unreported = Math.round((total * unreportedPercent) / 100);
  return {
    crime,
    totalCSEW: total,
    reported: total - unreported,
    unreported,
    unreportedPercent,
    perSecondUnreported: unreported / SECONDS_IN_365_DAY_YEAR,
    status,
    source,
  };
}

/** A total row made of other rows; its share unreported is theirs combined. */
function sumRow(crime: string, parts: readonly SurveyDataRow[], source: string): SurveyDataRow {
  let total = 0;
  let unreported = 0;
  for (const part of parts) {
    if (typeof part.totalCSEW !== 'number' || typeof part.unreported !== 'number') {
      throw new Error(`${crime}: part ${part.crime} has no numeric figures`);
    }
    total += part.totalCSEW;
    unreported += part.unreported;
  }
  return {
    crime,
    totalCSEW: total,
    reported: total - unreported,
    unreported,
    unreportedPercent: Math.round((unreported / total) * 1000) / 10,
    perSecondUnreported: unreported / SECONDS_IN_365_DAY_YEAR,
    status: 'estimate',
    source,
  };
}

/** CSEW headline crime, incidents against households and people aged 16 and over. */
export const SURVEY_HEADLINE_TOTAL = 9_400_000;

// Headline incident estimates. Fraud, computer misuse and the 9.4 million total are the
// bulletin's; the other four split the remainder and are our estimates.
const FRAUD = 4_200_000;
const COMPUTER_MISUSE = 692_000;
const VIOLENCE_WITH_INJURY = 470_000;
const VIOLENCE_WITHOUT_INJURY = 650_000;
const CRIMINAL_DAMAGE = 850_000;
const ROBBERY = 90_000;

// Theft is what remains of the headline total: 2,448,000 incidents, split below.
const THEFT_FROM_THE_PERSON = 350_000;
const THEFT_OF_VEHICLES = 90_000;
const THEFT_FROM_VEHICLES = 380_000;
const BICYCLE_THEFT = 210_000;
const OTHER_HOUSEHOLD_THEFT = 560_000;
const DOMESTIC_BURGLARY = 420_000;
const OTHER_PERSONAL_THEFT = 438_000;

const ESTIMATE_SPLIT = `Derived estimate: our split of the ${BULLETIN} headline total not covered by fraud and computer misuse; not an ONS figure`;
const THEFT_SPLIT = `Derived estimate: our split of CSEW theft offences (the headline remainder); not an ONS figure; ${DERIVED_REPORTING}`;
const DAMAGE_SPLIT = `Derived estimate: our split of the criminal damage row; not an ONS figure; ${DERIVED_REPORTING}`;

const THEFT_ROWS = [
  surveyRow('Theft from the person', THEFT_FROM_THE_PERSON, 70, 'estimate', THEFT_SPLIT),
  surveyRow('Vehicle theft (theft of vehicles)', THEFT_OF_VEHICLES, 10, 'estimate', THEFT_SPLIT),
  surveyRow('Theft from vehicles', THEFT_FROM_VEHICLES, 60, 'estimate', THEFT_SPLIT),
  surveyRow('Bicycle theft', BICYCLE_THEFT, 60, 'estimate', THEFT_SPLIT),
  surveyRow('Household theft (other household theft)', OTHER_HOUSEHOLD_THEFT, 72, 'estimate', THEFT_SPLIT),
  surveyRow('Domestic burglary', DOMESTIC_BURGLARY, 45, 'estimate', THEFT_SPLIT),
  surveyRow('Other theft of personal property', OTHER_PERSONAL_THEFT, 72, 'estimate', THEFT_SPLIT),
] as const;

export const SURVEY_DATA = {
  headline: [
    surveyRow(
      'Fraud',
      FRAUD,
      92.8,
      'published',
      `${BULLETIN}: around 4.2 million incidents, up 31%; ${A1}. 92.8% unreported as given in the product specification`,
    ),
    surveyRow(
      'Computer misuse',
      COMPUTER_MISUSE,
      93,
      'published',
      `${BULLETIN}: around 692,000 incidents, down 32%; ${A1}. 93% unreported as given in the product specification`,
    ),
    surveyRow(
      'Violence with injury',
      VIOLENCE_WITH_INJURY,
      55,
      'estimate',
      `${ESTIMATE_SPLIT}; ${DERIVED_REPORTING}`,
    ),
    surveyRow(
      'Violence without injury',
      VIOLENCE_WITHOUT_INJURY,
      65,
      'estimate',
      `${ESTIMATE_SPLIT}; ${DERIVED_REPORTING}`,
    ),
    surveyRow('Criminal damage', CRIMINAL_DAMAGE, 68, 'estimate', `${ESTIMATE_SPLIT}; ${DERIVED_REPORTING}`),
    surveyRow('Robbery', ROBBERY, 52, 'estimate', `${ESTIMATE_SPLIT}; ${DERIVED_REPORTING}`),
  ],
  theftCategories: [
    sumRow(
      'All theft offences',
      THEFT_ROWS,
      `Derived estimate: ${BULLETIN} headline total less the other headline rows; sum of the theft rows below`,
    ),
    ...THEFT_ROWS,
  ],
  propertyDetailed: [
    sumRow(
      'Vehicle-related theft (theft of and from vehicles)',
      [THEFT_ROWS[1], THEFT_ROWS[2]],
      'Derived estimate: sum of the vehicle theft and theft from vehicles rows',
    ),
    surveyRow('Domestic burglary with entry', 290_000, 35, 'estimate', THEFT_SPLIT),
    surveyRow('Attempted domestic burglary', DOMESTIC_BURGLARY - 290_000, 67, 'estimate', THEFT_SPLIT),
    surveyRow('Criminal damage to a vehicle', 340_000, 70, 'estimate', DAMAGE_SPLIT),
    surveyRow('Other criminal damage', CRIMINAL_DAMAGE - 340_000, 67, 'estimate', DAMAGE_SPLIT),
  ],
  technologyDetailed: [
    surveyRow(
      'Bank and credit account fraud',
      2_000_000,
      92.8,
      'estimate',
      'Derived estimate: our split of the 4.2 million fraud incidents; not an ONS figure; assumes the overall fraud share unreported',
    ),
    surveyRow(
      'Consumer and retail fraud',
      1_500_000,
      92.8,
      'estimate',
      'Derived estimate: our split of the 4.2 million fraud incidents; not an ONS figure; assumes the overall fraud share unreported',
    ),
    surveyRow(
      'Advance fee fraud',
      350_000,
      92.8,
      'estimate',
      'Derived estimate: our split of the 4.2 million fraud incidents; not an ONS figure; assumes the overall fraud share unreported',
    ),
    surveyRow(
      'Other fraud',
      FRAUD - 3_850_000,
      92.8,
      'estimate',
      'Derived estimate: our split of the 4.2 million fraud incidents; not an ONS figure; assumes the overall fraud share unreported',
    ),
    surveyRow(
      'Unauthorised access to personal information (including hacking)',
      430_000,
      93,
      'estimate',
      `Derived estimate: our split of the 692,000 computer misuse incidents (${BULLETIN} reports a 36% fall in this subcategory); assumes the overall computer misuse share unreported`,
    ),
    surveyRow(
      'Computer virus',
      COMPUTER_MISUSE - 430_000,
      93,
      'estimate',
      'Derived estimate: our split of the 692,000 computer misuse incidents; not an ONS figure; assumes the overall computer misuse share unreported',
    ),
  ],
  sexualDomestic: [
    surveyRow(
      'Domestic abuse (people affected)',
      3_800_000,
      83,
      'published',
      `${BULLETIN}: 7.8% of people aged 16 and over, around 3.8 million people, in the last year. 83% unreported (reporting rate 17%) as given in the product specification`,
    ),
    surveyRow(
      'Sexual assault (people affected)',
      900_000,
      null,
      'published',
      `${BULLETIN}: 1.9% of people aged 16 and over, around 900,000 people, in the last year`,
    ),
    surveyRow(
      'Stalking (people affected)',
      1_400_000,
      null,
      'published',
      `${BULLETIN}: 2.9% of people aged 16 and over, around 1.4 million people, in the last year`,
    ),
    surveyRow(
      'Harassment (people affected)',
      4_200_000,
      null,
      'published',
      `${BULLETIN}: 8.6% of people aged 16 and over, around 4.2 million people, in the last year`,
    ),
    surveyRow(
      'Sexual violence (people affected)',
      2_100_000,
      84,
      'specification',
      '2.1 million people and 84% unreported (reporting rate 16%) as given in the product specification; not found in the bulletin main points',
    ),
    surveyRow(
      'Domestic abuse, sexual assault or stalking (combined)',
      5_200_000,
      null,
      'published',
      `${BULLETIN}: 10.6% of people aged 16 and over, around 5.2 million people (first combined estimate); overlaps the rows above`,
    ),
  ],
} as const satisfies Record<string, readonly SurveyDataRow[]>;

export type SurveyGroup = keyof typeof SURVEY_DATA;

/** Sum of the numeric unreported values of the headline rows. */
export function confirmedUnreported(rows: readonly SurveyDataRow[] = SURVEY_DATA.headline): number {
  return rows.reduce((sum, row) => sum + (typeof row.unreported === 'number' ? row.unreported : 0), 0);
}

export interface SurveySummary {
  readonly headlineTotal: number;
  readonly confirmedUnreported: number;
  /** confirmedUnreported over a 365-day year. */
  readonly unreportedPerSecond: number;
}

export function surveySummary(): SurveySummary {
  const unreported = confirmedUnreported();
  return {
    headlineTotal: SURVEY_HEADLINE_TOTAL,
    confirmedUnreported: unreported,
    unreportedPerSecond: unreported / SECONDS_IN_365_DAY_YEAR,
  };
}

/**
 * Incident clock categories. The year-ending-March-2025 estimates are applied as the annual
 * number for the calendar year the clock shows (2025 in the specification); they add up to the
 * 9.4 million headline total.
 */
export const CSEW_INCIDENT_CATEGORIES: readonly ClockCategoryInput[] = [
  { id: 'fraud', name: 'Fraud', annualCount: FRAUD, peak: modelPeak(PEAK_PROFILES.fraud) },
  {
    id: 'computer-misuse',
    name: 'Computer misuse',
    annualCount: COMPUTER_MISUSE,
    peak: modelPeak(PEAK_PROFILES.computerMisuse),
  },
  {
    id: 'violence-with-injury',
    name: 'Violence with injury',
    annualCount: VIOLENCE_WITH_INJURY,
    peak: modelPeak(PEAK_PROFILES.violence),
  },
  {
    id: 'violence-without-injury',
    name: 'Violence without injury',
    annualCount: VIOLENCE_WITHOUT_INJURY,
    peak: modelPeak(PEAK_PROFILES.violence),
  },
  {
    id: 'criminal-damage',
    name: 'Criminal damage',
    annualCount: CRIMINAL_DAMAGE,
    peak: modelPeak(PEAK_PROFILES.criminalDamage),
  },
  { id: 'robbery', name: 'Robbery', annualCount: ROBBERY, peak: modelPeak(PEAK_PROFILES.robbery) },
  {
    id: 'theft-from-the-person',
    name: 'Theft from the person',
    annualCount: THEFT_FROM_THE_PERSON,
    peak: modelPeak(PEAK_PROFILES.theftFromThePerson),
  },
  {
    id: 'vehicle-theft',
    name: 'Vehicle theft',
    annualCount: THEFT_OF_VEHICLES,
    peak: modelPeak(PEAK_PROFILES.vehicleTheft),
  },
  {
    id: 'theft-from-vehicles',
    name: 'Theft from vehicles',
    annualCount: THEFT_FROM_VEHICLES,
    peak: modelPeak(PEAK_PROFILES.theftFromVehicles),
  },
  {
    id: 'bicycle-theft',
    name: 'Bicycle theft',
    annualCount: BICYCLE_THEFT,
    peak: modelPeak(PEAK_PROFILES.bicycleTheft),
  },
  {
    id: 'household-theft',
    name: 'Household theft',
    annualCount: OTHER_HOUSEHOLD_THEFT,
    peak: modelPeak(PEAK_PROFILES.householdTheft),
  },
  {
    id: 'domestic-burglary',
    name: 'Domestic burglary',
    annualCount: DOMESTIC_BURGLARY,
    peak: modelPeak(PEAK_PROFILES.domesticBurglary),
  },
  {
    id: 'other-personal-theft',
    name: 'Other theft of personal property',
    annualCount: OTHER_PERSONAL_THEFT,
    peak: modelPeak(PEAK_PROFILES.otherPersonalTheft),
  },
];

/**
 * Prevalence clock: people affected per year, at a constant rate (a person's victimisation has no
 * single time of day). Categories overlap and are not part of the incident total.
 */
export const CSEW_PREVALENCE_CATEGORIES: readonly ClockCategoryInput[] = [
  { id: 'domestic-abuse', name: 'Domestic abuse', annualCount: 3_800_000 },
  { id: 'sexual-assault', name: 'Sexual assault', annualCount: 900_000 },
  { id: 'stalking', name: 'Stalking', annualCount: 1_400_000 },
  { id: 'harassment', name: 'Harassment', annualCount: 4_200_000 },
  { id: 'sexual-violence', name: 'Sexual violence', annualCount: 2_100_000 },
];

export const SURVEY_META = {
  dataYear: 'year ending March 2025',
  calendarYear: 2025,
  /** The specification's footer wording of the period the clock covers. */
  calendarPeriod: '1 Jan 2025 00:01 to 31 Dec 2025 23:59',
  nextUpdate: 'year ending June 2025',
  /** ONS release date of the next edition, as announced on the bulletin. */
  nextUpdateDate: '2025-10-23',
  lastUpdated: '2025-07-24',
  areaName: 'England and Wales',
  dataSource: 'Crime Survey for England and Wales (CSEW), Office for National Statistics',
  dataMethod:
    'CSEW estimates for the year ending March 2025 spread over the calendar year, faster in each ' +
    "category's peak hours (London time) and slower outside them",
  publication: {
    title: 'Crime in England and Wales: year ending March 2025',
    publisher: 'Office for National Statistics',
    released: '2025-07-24',
    url: 'https://www.ons.gov.uk/peoplepopulationandcommunity/crimeandjustice/bulletins/crimeinenglandandwales/yearendingmarch2025',
  },
  licence:
    'Source: Office for National Statistics, Crime Survey for England and Wales. Contains public ' +
    'sector information licensed under the Open Government Licence v3.0.',
  surveyNote:
    'The CSEW asks people aged 16 and over in households in England and Wales about crimes they ' +
    'experienced in the previous 12 months, including crimes not reported to the police. It does ' +
    'not cover crimes against businesses, people living in institutions or children under 16. ' +
    'Figures are estimates with margins of error.',
  prevalenceWarnings: [
    'Prevalence counts direct victims (people), not incidents.',
    'Categories overlap: one person can appear in several.',
    'Prevalence is not included in the incident totals.',
  ],
} as const;
