/**
 * The survey data viewer's rows and summary, derived from a set of CSEW figures (csew-data.ts;
 * the shipped set is csew-figures.json, whose rows say where each figure comes from).
 *
 * Three kinds of figure, each row says which in `status` and `source`:
 *  - published: the bulletin's own rounded figure ("around 9.4 million", "around 4.2 million").
 *  - specification: a figure given in the product specification that we have not found in the
 *    bulletin's main points; kept as the specification gives it (its source says so).
 *  - estimate: derived by us, because the bulletin's main points do not break it out. They are
 *    not ONS numbers and should be replaced by the appendix-table values in a new upload.
 */
import {
  BUNDLED_CSEW_FIGURES,
  SECONDS_IN_365_DAY_YEAR,
  SURVEY_GROUPS,
  type CsewFigures,
  type CsewTableRow,
  type SurveyGroup,
  type SurveyRowStatus,
} from './csew-data.ts';

export { SECONDS_IN_365_DAY_YEAR, type SurveyGroup, type SurveyRowStatus };

/** Badges of the viewer; figures kept as the specification gives them carry none (their source says so). */
export const SURVEY_STATUS_LABELS: Readonly<Record<SurveyRowStatus, string | null>> = {
  published: 'ONS published',
  specification: null,
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

function viewerRow(row: CsewTableRow): SurveyDataRow {
  const unreported = row.unreported;
  return {
    crime: row.crime,
    totalCSEW: row.total,
    reported: unreported === null ? NOT_PUBLISHED : row.total - unreported,
    unreported: unreported ?? NOT_PUBLISHED,
    unreportedPercent: unreported === null ? null : row.unreportedPercent,
    perSecondUnreported: unreported === null ? null : unreported / SECONDS_IN_365_DAY_YEAR,
    status: row.status,
    source: row.source,
  };
}

/** The viewer's tables for a set of figures. */
export function surveyTables(figures: CsewFigures): Record<SurveyGroup, SurveyDataRow[]> {
  return Object.fromEntries(
    SURVEY_GROUPS.map((group) => [group, figures.tables[group].map(viewerRow)]),
  ) as Record<SurveyGroup, SurveyDataRow[]>;
}

export const SURVEY_DATA: Readonly<Record<SurveyGroup, readonly SurveyDataRow[]>> =
  surveyTables(BUNDLED_CSEW_FIGURES);

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

export function surveySummary(figures: CsewFigures = BUNDLED_CSEW_FIGURES): SurveySummary {
  const unreported = confirmedUnreported(surveyTables(figures).headline);
  return {
    headlineTotal: figures.headlineTotal,
    confirmedUnreported: unreported,
    unreportedPerSecond: unreported / SECONDS_IN_365_DAY_YEAR,
  };
}
