/**
 * The crime severity matrix of the admin "Crime Impact Algorithms" tool: 14 police-recorded crime
 * categories scored 0–10 against 9 impact factors, each factor weighted; a category's severity is
 * the weighted sum of its scores.
 *
 * Where the factors come from. Both published harm indices for England and Wales rest on
 * sentencing: the Cambridge Crime Harm Index (CCHI) weights each offence by the starting-point
 * sentence of the Sentencing Council guideline for a first offender, and the ONS Crime Severity
 * Score (CSS) by the average sentence actually handed down. The guidelines set that starting point
 * from named harm and culpability factors, and the CSS aims to reflect "the relative harm of an
 * offence to society and the likely demands on the police". The nine factors are therefore:
 *  - sentencing severity itself, the quantity both indices measure;
 *  - the guidelines' harm factors: physical harm, psychological harm, financial loss, intrusion
 *    into the home or person, and wider harm to the community;
 *  - the guidelines' aggravating factors of a weapon or violence used or threatened and of a
 *    victim targeted for their vulnerability;
 *  - the demand an offence places on the police, the CSS's second stated aim.
 *
 * The default scores are our editorial judgement on a 0–10 scale, not numbers published by either
 * index (the indices weigh individual offences, not these broad data.police.uk categories). The
 * sentencing-severity column keeps the indices' order of the offences inside each category: robbery
 * and violence and sexual offences highest, then weapons possession and burglary, then criminal
 * damage and thefts, shoplifting lowest. Anti-social behaviour is not a notifiable offence, so
 * neither index weighs it and its sentencing score is 0.
 *
 * Pure and shared: the browser tool and its tests use the same rules.
 */
import { categoryFromSlug, type CrimeCategorySlug } from '../crime/categories.ts';
import { csvLine } from '../csv/csv.ts';

export interface SeveritySource {
  readonly title: string;
  readonly publisher: string;
  /** Publication year; absent for a living source such as the current guidelines. */
  readonly year?: number;
  readonly url: string;
}

export const SEVERITY_SOURCES: readonly SeveritySource[] = [
  {
    title:
      'The Cambridge Crime Harm Index: Measuring Total Harm from Crime Based on Sentencing Guidelines ' +
      '(Sherman, Neyroud and Neyroud), Policing: A Journal of Policy and Practice 10(3)',
    publisher: 'University of Cambridge Institute of Criminology',
    year: 2016,
    url: 'https://www.crim.cam.ac.uk/research/thecambridgecrimeharmindex',
  },
  {
    title:
      'Research outputs: developing a Crime Severity Score for England and Wales using data on crimes recorded by the police',
    publisher: 'Office for National Statistics',
    year: 2016,
    url: 'https://www.ons.gov.uk/peoplepopulationandcommunity/crimeandjustice/articles/researchoutputsdevelopingacrimeseverityscoreforenglandandwalesusingdataoncrimesrecordedbythepolice/2016-11-29',
  },
  {
    title: 'Sentencing guidelines for the magistrates’ and Crown Court: harm and culpability factors',
    publisher: 'Sentencing Council for England and Wales',
    url: 'https://www.sentencingcouncil.org.uk/',
  },
];

export interface SeverityFactor {
  readonly id: string;
  readonly name: string;
  readonly description: string;
}

/** In the order of the specification's default weights. */
export const SEVERITY_FACTORS = [
  {
    id: 'physical-harm',
    name: 'Physical harm',
    description: 'Injury to the victim, from none to serious or lasting (guideline harm factor).',
  },
  {
    id: 'sentencing-severity',
    name: 'Sentencing severity',
    description:
      'How severely courts sentence the offences in the category: what the Cambridge Crime Harm Index and the ONS Crime Severity Score measure.',
  },
  {
    id: 'psychological-harm',
    name: 'Psychological harm',
    description: 'Fear, distress and trauma for the victim (guideline harm factor).',
  },
  {
    id: 'financial-loss',
    name: 'Financial loss',
    description: 'Value lost or damaged, and the cost of putting it right (guideline harm factor).',
  },
  {
    id: 'intrusion',
    name: 'Intrusion',
    description: 'Violation of the victim’s home, body or privacy (guideline harm factor).',
  },
  {
    id: 'violence-threat',
    name: 'Violence or weapon',
    description: 'Violence or a weapon used or threatened (guideline aggravating factor).',
  },
  {
    id: 'victim-vulnerability',
    name: 'Victim vulnerability',
    description: 'How often victims are targeted because they are vulnerable (guideline aggravating factor).',
  },
  {
    id: 'community-harm',
    name: 'Community harm',
    description:
      'Wider harm to the neighbourhood: fear of crime and loss of confidence (guideline harm factor).',
  },
  {
    id: 'police-demand',
    name: 'Police demand',
    description: 'The demand a typical offence places on the police (the Crime Severity Score’s second aim).',
  },
] as const satisfies readonly SeverityFactor[];

export const FACTOR_COUNT = SEVERITY_FACTORS.length;

/** The specification's default weights; they add up to 1. */
export const DEFAULT_WEIGHTS: readonly number[] = [0.1, 0.15, 0.15, 0.1, 0.1, 0.15, 0.1, 0.1, 0.05];

/** Input bounds of the weight and score fields. `decimals` is the precision the step allows. */
export const WEIGHT_INPUT = { min: 0, max: 1, step: 0.01, decimals: 2 } as const;
export const SCORE_INPUT = { min: 0, max: 10, step: 0.1, decimals: 1 } as const;

type Scores = readonly [number, number, number, number, number, number, number, number, number];

/**
 * Default scores per category, factors in SEVERITY_FACTORS order:
 * physical, sentencing, psychological, financial, intrusion, violence, vulnerability, community, police.
 */
const DEFAULT_SCORES: readonly (readonly [CrimeCategorySlug, Scores])[] = [
  ['anti-social-behaviour', [1, 0, 3, 1, 2, 2, 3, 6, 4]],
  ['bicycle-theft', [0, 2, 2, 4, 1, 0, 2, 2, 2]],
  ['burglary', [1, 6, 7, 7, 9, 4, 5, 5, 6]],
  ['criminal-damage-arson', [2, 4, 4, 5, 4, 3, 3, 5, 4]],
  ['drugs', [1, 3, 2, 1, 1, 2, 3, 5, 4]],
  ['other-theft', [0, 2, 2, 4, 2, 0.5, 2, 2, 2]],
  ['possession-of-weapons', [2, 6, 4, 0, 1, 8, 3, 6, 6]],
  ['public-order', [1, 2, 4, 0.5, 2, 4, 3, 6, 4]],
  ['robbery', [6, 8, 8, 5, 6, 8, 6, 6, 7]],
  ['shoplifting', [0, 1, 1, 3, 0, 0.5, 0.5, 3, 2]],
  ['theft-from-the-person', [1, 4, 5, 4, 5, 3, 5, 3, 3]],
  ['vehicle-crime', [0, 3, 3, 5, 4, 1, 2, 3, 3]],
  ['violent-crime', [8, 8, 9, 2, 8, 8, 7, 5, 8]],
  ['other-crime', [2, 4, 4, 3, 3, 2, 4, 3, 4]],
];

export interface CategoryScores {
  /** data.police.uk category slug. */
  readonly category: CrimeCategorySlug;
  readonly scores: readonly number[];
}

/** The "Severity matrix" entity of the specification. */
export interface SeverityMatrix {
  readonly weights: readonly number[];
  readonly crimeData: readonly CategoryScores[];
}

export function defaultSeverityMatrix(): SeverityMatrix {
  return {
    weights: [...DEFAULT_WEIGHTS],
    crimeData: DEFAULT_SCORES.map(([category, scores]) => ({ category, scores: [...scores] })),
  };
}

export function categoryLabel(category: CrimeCategorySlug): string {
  return categoryFromSlug(category)?.label ?? category;
}

/**
 * What an input holds, as a number within bounds: non-numeric text becomes 0 (never an error),
 * values beyond the bounds are brought inside them, and precision is cut to the step so the sums
 * below stay exact.
 */
function toBounded(value: unknown, bounds: { min: number; max: number; decimals: number }): number {
  const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value.trim()) : NaN;
  if (!Number.isFinite(number)) return 0;
  const clamped = Math.min(bounds.max, Math.max(bounds.min, number));
  const scale = 10 ** bounds.decimals;
  return Math.round(clamped * scale) / scale;
}

export function toWeight(value: unknown): number {
  return toBounded(value, WEIGHT_INPUT);
}

export function toScore(value: unknown): number {
  return toBounded(value, SCORE_INPUT);
}

/**
 * Σ weight × score. Weights are hundredths and scores tenths, so the sum is computed in whole
 * thousandths: exact, with no floating-point residue to round away.
 */
export function severityScore(weights: readonly number[], scores: readonly number[]): number {
  let thousandths = 0;
  for (let i = 0; i < FACTOR_COUNT; i += 1) {
    thousandths += Math.round(toWeight(weights[i]) * 100) * Math.round(toScore(scores[i]) * 10);
  }
  return thousandths / 1000;
}

/** A severity (or any score) as shown: three decimals. */
export function formatSeverity(value: number): string {
  return value.toFixed(3);
}

/** Sum of the weights, to two decimals (1.00 with the defaults). */
export function weightTotal(weights: readonly number[]): number {
  return weights.reduce((sum, weight) => sum + Math.round(toWeight(weight) * 100), 0) / 100;
}

export interface CategorySeverity {
  readonly category: CrimeCategorySlug;
  readonly label: string;
  readonly score: number;
}

export interface SeveritySummary {
  readonly rows: readonly CategorySeverity[];
  readonly highest: CategorySeverity;
  readonly lowest: CategorySeverity;
  /** Mean of the category severities, rounded to three decimals. */
  readonly average: number;
}

/** Severity per category with the highest, average and lowest; ties go to the first in table order. */
export function summariseSeverity(matrix: SeverityMatrix): SeveritySummary {
  const rows = matrix.crimeData.map(({ category, scores }) => ({
    category,
    label: categoryLabel(category),
    score: severityScore(matrix.weights, scores),
  }));
  const first = rows[0];
  if (!first) throw new Error('a severity matrix has at least one category');
  let highest = first;
  let lowest = first;
  let total = 0;
  for (const row of rows) {
    if (row.score > highest.score) highest = row;
    if (row.score < lowest.score) lowest = row;
    total += row.score;
  }
  return { rows, highest, lowest, average: Math.round((total / rows.length) * 1000) / 1000 };
}

/** A copy with one weight changed (the value is normalised like any input). */
export function withWeight(matrix: SeverityMatrix, factor: number, value: unknown): SeverityMatrix {
  return { ...matrix, weights: matrix.weights.map((w, i) => (i === factor ? toWeight(value) : w)) };
}

/** A copy with one score changed (the value is normalised like any input). */
export function withScore(
  matrix: SeverityMatrix,
  category: CrimeCategorySlug,
  factor: number,
  value: unknown,
): SeverityMatrix {
  return {
    ...matrix,
    crimeData: matrix.crimeData.map((row) =>
      row.category === category
        ? { ...row, scores: row.scores.map((s, i) => (i === factor ? toScore(value) : s)) }
        : row,
    ),
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function numbers(value: unknown, fallback: readonly number[], normalise: (v: unknown) => number): number[] {
  if (!Array.isArray(value) || value.length !== FACTOR_COUNT) return [...fallback];
  return value.map(normalise);
}

/**
 * A matrix read back from storage, trusting nothing: anything missing or malformed takes the
 * default, every number is normalised, and the categories are always the 14 of the tool.
 */
export function restoreSeverityMatrix(stored: unknown): SeverityMatrix {
  const defaults = defaultSeverityMatrix();
  if (!isRecord(stored)) return defaults;
  const storedRows = new Map<string, unknown>();
  if (Array.isArray(stored.crimeData)) {
    for (const row of stored.crimeData) {
      if (isRecord(row) && typeof row.category === 'string') storedRows.set(row.category, row.scores);
    }
  }
  return {
    weights: numbers(stored.weights, defaults.weights, toWeight),
    crimeData: defaults.crimeData.map(({ category, scores }) => ({
      category,
      scores: numbers(storedRows.get(category), scores, toScore),
    })),
  };
}

export const SEVERITY_CSV_FILENAME = 'crime-impact-analysis.csv';

/**
 * The matrix as CSV (RFC 4180, CRLF line ends): a header of the factors, the weight row, then one
 * row per category with its severity to three decimals.
 */
export function severityCsv(matrix: SeverityMatrix): string {
  const { rows } = summariseSeverity(matrix);
  const lines = [
    csvLine(['Crime category', ...SEVERITY_FACTORS.map((f) => f.name), 'Severity score']),
    csvLine(['Weight', ...matrix.weights.map((w) => w.toFixed(WEIGHT_INPUT.decimals)), '']),
    ...matrix.crimeData.map((row, index) =>
      csvLine([
        categoryLabel(row.category),
        ...row.scores.map((s) => s.toFixed(SCORE_INPUT.decimals)),
        formatSeverity(rows[index]!.score),
      ]),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
