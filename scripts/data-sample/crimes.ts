/**
 * The crime model: how many street rows a force has in a month, and for each row its category,
 * how its investigation ends and when, and where it happened. Every row is a pure function of
 * (seed, force, month, row number), which lets the outcomes of a month be re-derived from the
 * crimes of the months before it.
 */
import { categoryFromSlug } from '../../common/crime/categories.ts';
import { type PoliceForceId } from '../../common/police/forces.ts';
import { ForceGeoModel, snapToMapPoint, type MutablePoint } from './geography.ts';
import { daysInMonth, monthIndexOf, parseMonth } from './months.ts';
import {
  ANNUAL_TREND,
  CHARGED_OUTCOME_TYPE,
  CITY_CENTRE_SHARE,
  COURT_LAG_WEIGHTS,
  COURT_RESULTS,
  FINAL_OUTCOMES,
  FIRST_OUTCOME_LAG_WEIGHTS,
  MONTHLY_NOISE,
  NO_LOCATION_SHARE,
  OUTCOME_ADJUSTMENTS,
  OUTCOME_EXTRA_WEIGHTS,
  SEASONALITY,
  STREET_CATEGORIES,
  STREET_OUTCOME,
  TREND_REFERENCE_MONTH,
  expectedStreetShare,
  type FinalOutcome,
  type StreetCategory,
} from './proportions.ts';
import { Rng, WeightedTable, hashValues, mix } from './random.ts';

const AVERAGE_DAYS_IN_MONTH = 365.25 / 12;
const TREND_REFERENCE = parseMonth(TREND_REFERENCE_MONTH);
const ASB_INDEX = STREET_CATEGORIES.indexOf('anti-social-behaviour');

/** "Crime type" text per category index. */
export const CATEGORY_ARCHIVE_NAMES: readonly string[] = STREET_CATEGORIES.map((slug) => {
  const category = categoryFromSlug(slug);
  if (!category) throw new Error(`unknown category ${slug}`);
  return category.archiveName;
});

const CORE_SHARES: readonly number[] = STREET_CATEGORIES.map((c) => CITY_CENTRE_SHARE[c]);

/** Seasonality per category index, scaled to a mean of 1 so it moves rows between months only. */
const SEASON_NORMALISED: readonly (readonly number[])[] = STREET_CATEGORIES.map((c) => {
  const row = SEASONALITY[c];
  const mean = row.reduce((a, b) => a + b, 0) / row.length;
  return row.map((v) => v / mean);
});

/** What the categories look like in one calendar month. */
export interface MonthModel {
  readonly month: number;
  readonly categories: WeightedTable<number>;
  /** Expected rows relative to an average month at the reference date. */
  readonly volume: number;
}

const monthModels = new Map<number, MonthModel>();

export function monthModel(month: number): MonthModel {
  let model = monthModels.get(month);
  if (!model) {
    const years = (month - TREND_REFERENCE) / 12;
    const weights = STREET_CATEGORIES.map(
      (c, i) =>
        expectedStreetShare(c) *
        SEASON_NORMALISED[i]![monthIndexOf(month)]! *
        Math.pow(1 + ANNUAL_TREND[c], years),
    );
    const total = weights.reduce((a, b) => a + b, 0);
    model = {
      month,
      categories: new WeightedTable(
        STREET_CATEGORIES.map((_, i) => i),
        weights,
      ),
      volume: (total * daysInMonth(month)) / AVERAGE_DAYS_IN_MONTH,
    };
    monthModels.set(month, model);
  }
  return model;
}

function outcomeTable(category: StreetCategory): WeightedTable<FinalOutcome> {
  const adjust = OUTCOME_ADJUSTMENTS[category] ?? {};
  const extra = OUTCOME_EXTRA_WEIGHTS[category] ?? {};
  const keyOf = (o: FinalOutcome): string => (o.kind === 'single' ? o.type : o.kind);
  return new WeightedTable(
    FINAL_OUTCOMES.map((o) => o.outcome),
    FINAL_OUTCOMES.map((o) => o.weight * (adjust[keyOf(o.outcome)] ?? 1) + (extra[keyOf(o.outcome)] ?? 0)),
  );
}

const OUTCOME_TABLES = STREET_CATEGORIES.map(outcomeTable);
const FIRST_LAG_TABLE = new WeightedTable(
  FIRST_OUTCOME_LAG_WEIGHTS.map((_, i) => i),
  FIRST_OUTCOME_LAG_WEIGHTS,
);
const COURT_LAG_TABLE = new WeightedTable(
  COURT_LAG_WEIGHTS.map((_, i) => i),
  COURT_LAG_WEIGHTS,
);
const COURT_TABLE = new WeightedTable(
  COURT_RESULTS.map((r) => r.type),
  COURT_RESULTS.map((r) => r.weight),
);

/** Two hex digits per byte value: ten times faster than Number#toString(16) for crime ids. */
const HEX: readonly string[] = Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0'));

/** One crime, filled in place (a single instance is reused for every row). */
export class Crime {
  category = 0;
  outcome: FinalOutcome = { kind: 'pending' };
  /** Months from the crime to its first outcome. */
  firstLag = 0;
  /** Months from a charge to the court result. */
  courtLag = 0;
  courtResult = '';
  hasLocation = true;
  mapPoint = 0;
  readonly point: MutablePoint = { lat: 0, lng: 0 };

  get isAsb(): boolean {
    return this.category === ASB_INDEX;
  }
}

export interface OutcomeEvent {
  month: number;
  type: string;
}

/** A force's crime model for a given seed. */
export class ForceCrimeModel {
  private readonly rng = new Rng();
  readonly geo: ForceGeoModel;

  constructor(
    readonly forceId: PoliceForceId,
    /** Position of the force in the stable force list; part of every row's key. */
    readonly forceKey: number,
    private readonly seed: number,
    /** Expected street rows in an average month at the reference date. */
    readonly baseRows: number,
  ) {
    this.geo = new ForceGeoModel(forceId);
  }

  /** Street rows the force has in the month (published or not). */
  rowCount(month: number): number {
    const noise = new Rng(hashValues(this.seed, this.forceKey, month, 0x1c0)).gaussian();
    const expected = this.baseRows * monthModel(month).volume * (1 + MONTHLY_NOISE * noise);
    return Math.max(0, Math.round(expected));
  }

  /**
   * Draws row `index` of `month` up to its outcome. Always the same draws in the same order, so
   * that `drawLocation` afterwards continues the same stream whether or not this was called alone.
   */
  drawCrime(month: number, index: number, crime: Crime): Crime {
    const rng = this.rng.reseed(hashValues(this.seed, this.forceKey, month, index));
    crime.category = monthModel(month).categories.index(rng.next());
    crime.outcome = OUTCOME_TABLES[crime.category]!.pick(rng.next());
    crime.firstLag = FIRST_LAG_TABLE.index(rng.next());
    crime.courtLag = COURT_LAG_TABLE.index(rng.next());
    crime.courtResult = COURT_TABLE.pick(rng.next());
    return crime;
  }

  /** Continues the row's stream after `drawCrime`: where it happened, snapped to a map point. */
  drawLocation(crime: Crime): Crime {
    const rng = this.rng;
    crime.hasLocation = rng.next() >= NO_LOCATION_SHARE;
    if (crime.hasLocation) {
      this.geo.sample(rng, CORE_SHARES[crime.category]!, crime.point);
      crime.mapPoint = snapToMapPoint(crime.point);
    }
    return crime;
  }

  /** 64 hex characters, stable for the row, as data.police.uk's crime ids look. */
  crimeId(month: number, index: number): string {
    // The row number goes in last: for a fixed prefix, mix() is a bijection of it, so two rows of
    // a force-month never share a word, and rows of different force-months share all eight
    // words only by an astronomically unlikely accident.
    const forceMonth = hashValues(this.seed, this.forceKey, month, 0x1d);
    let id = '';
    for (let k = 0; k < 8; k++) {
      const w = mix(mix(forceMonth, k), index);
      id += HEX[w >>> 24]! + HEX[(w >>> 16) & 255]! + HEX[(w >>> 8) & 255]! + HEX[w & 255]!;
    }
    return id;
  }
}

/**
 * The outcome events of a crime committed in `month` (none for anti-social behaviour), oldest
 * first; writes them to `out` and returns how many there are.
 */
export function outcomeEvents(crime: Crime, month: number, out: [OutcomeEvent, OutcomeEvent]): number {
  if (crime.isAsb) return 0;
  const first = month + crime.firstLag;
  switch (crime.outcome.kind) {
    case 'pending':
    case 'unavailable':
      return 0;
    case 'single':
      out[0].month = first;
      out[0].type = crime.outcome.type;
      return 1;
    case 'court':
      out[0].month = first;
      out[0].type = CHARGED_OUTCOME_TYPE;
      out[1].month = first + crime.courtLag;
      out[1].type = crime.courtResult;
      return 2;
  }
}

/** "Last outcome category" of a crime as an archive whose latest month is `asOf` shows it. */
export function lastOutcomeCategory(crime: Crime, month: number, asOf: number): string {
  if (crime.isAsb) return '';
  const first = month + crime.firstLag;
  switch (crime.outcome.kind) {
    case 'pending':
      return STREET_OUTCOME.underInvestigation;
    case 'unavailable':
      return first <= asOf ? STREET_OUTCOME.statusUnavailable : STREET_OUTCOME.underInvestigation;
    case 'single':
      return first <= asOf ? crime.outcome.type : STREET_OUTCOME.underInvestigation;
    case 'court':
      if (first + crime.courtLag <= asOf) return crime.courtResult;
      return first <= asOf ? STREET_OUTCOME.awaitingCourt : STREET_OUTCOME.underInvestigation;
  }
}
