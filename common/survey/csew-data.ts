/**
 * The survey clock's figures as data: one JSON document (format `crime-clock/csew-figures@1`)
 * that carries the ONS publication it comes from, its dates, the incident and people-affected
 * categories the clock counts, and the tables of the admin's survey data viewer. The product
 * ships one (`csew-figures.json`, Office for National Statistics, Crime in England and Wales);
 * an admin replaces it without a release by uploading a new one (admin survey data page, or
 * `npm run survey:figures -- <file>`). Everything is checked here before it is used.
 */
import type { Static } from 'typebox';
import { definitionVersion, daysUntilLondonDate } from '../clock/clock-data.ts';
import type { ClockCategoryInput } from '../clock/model.ts';
import { modelPeak, PEAK_PROFILES } from '../clock/peak-hours.ts';
import type { ClockDefinition, ClockMeta, SurveyWelsh } from '../clock/types.ts';
import type { CsewFiguresDocument, CsewFiguresWelsh } from '../contracts/csew-figures.ts';
import { isMonthText } from '../search/months.ts';
import bundled from './csew-figures.json' with { type: 'json' };

export const CSEW_FIGURES_FORMAT = 'crime-clock/csew-figures@1';

/** The specification's per-second rates are over a 365-day year. */
export const SECONDS_IN_365_DAY_YEAR = 365 * 24 * 60 * 60;

export const SURVEY_ROW_STATUSES = ['published', 'specification', 'estimate'] as const;
export type SurveyRowStatus = (typeof SURVEY_ROW_STATUSES)[number];
export const SURVEY_GROUPS = [
  'headline',
  'theftCategories',
  'propertyDetailed',
  'technologyDetailed',
  'sexualDomestic',
] as const;
export type SurveyGroup = (typeof SURVEY_GROUPS)[number];
export type PeakProfileName = keyof typeof PEAK_PROFILES;

/** A figures document, typed by its schema (common/contracts/csew-figures.ts, where each field is described). */
export type CsewFigures = Static<typeof CsewFiguresDocument>;
export type CsewTableRow = CsewFigures['tables'][SurveyGroup][number];

export class CsewFiguresError extends Error {
  override name = 'CsewFiguresError';
}

const MAX_TEXT = 2000;
/** The fields of a document's Welsh block (CsewFiguresWelsh). */
const WELSH_FIELDS = ['surveyNote', 'dataMethod', 'prevalenceWarnings'] as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Checks a document and returns it typed; the message names the first field that is wrong. */
export function parseCsewFigures(input: unknown): CsewFigures {
  const fail = (path: string, what: string): never => {
    throw new CsewFiguresError(`${path}: ${what}`);
  };
  const object = (value: unknown, path: string): Record<string, unknown> =>
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : fail(path, 'must be an object');
  const text = (value: unknown, path: string): string =>
    typeof value === 'string' && value.trim() !== '' && value.length <= MAX_TEXT && !value.includes('\0')
      ? value
      : fail(path, `must be text of 1 to ${MAX_TEXT} characters`);
  const date = (value: unknown, path: string): string =>
    typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value))
      ? value
      : fail(path, 'must be a date YYYY-MM-DD');
  const month = (value: unknown, path: string): string =>
    typeof value === 'string' && isMonthText(value) ? value : fail(path, 'must be a month YYYY-MM');
  const count = (value: unknown, path: string): number =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 1e9
      ? value
      : fail(path, 'must be a whole number from 0 to 1,000,000,000');
  const percent = (value: unknown, path: string): number | null =>
    value === null || (typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 100)
      ? value
      : fail(path, 'must be a percentage from 0 to 100, or null');
  const list = (value: unknown, path: string, max = 200): unknown[] =>
    Array.isArray(value) && value.length > 0 && value.length <= max
      ? value
      : fail(path, `must be a list of 1 to ${max} entries`);
  const slug = (value: unknown, path: string): string =>
    typeof value === 'string' && /^[a-z0-9][a-z0-9-]{0,63}$/.test(value)
      ? value
      : fail(path, 'must be an id of lower-case letters, digits and hyphens');
  const unique = <T extends { id: string }>(items: T[], path: string): T[] => {
    const seen = new Set<string>();
    for (const item of items) {
      if (seen.has(item.id)) fail(path, `repeats the id "${item.id}"`);
      seen.add(item.id);
    }
    return items;
  };

  const doc = object(input, 'document');
  const prevalenceWarnings = list(doc.prevalenceWarnings, 'prevalenceWarnings', 20).map((w, i) =>
    text(w, `prevalenceWarnings[${i}]`),
  );
  const welsh = (value: unknown): CsewFiguresWelsh | undefined => {
    if (value === undefined || value === null) return undefined;
    const cy = object(value, 'cy');
    for (const key of Object.keys(cy)) {
      if (!(WELSH_FIELDS as readonly string[]).includes(key))
        fail(`cy.${key}`, `is not a field of cy (${WELSH_FIELDS.join(', ')})`);
    }
    const warnings: unknown[] | undefined =
      cy.prevalenceWarnings === undefined ||
      (Array.isArray(cy.prevalenceWarnings) && cy.prevalenceWarnings.length === prevalenceWarnings.length)
        ? cy.prevalenceWarnings
        : fail(
            'cy.prevalenceWarnings',
            `must be a list of ${prevalenceWarnings.length}, one for each warning`,
          );
    const block: CsewFiguresWelsh = {
      ...(cy.surveyNote === undefined ? {} : { surveyNote: text(cy.surveyNote, 'cy.surveyNote') }),
      ...(cy.dataMethod === undefined ? {} : { dataMethod: text(cy.dataMethod, 'cy.dataMethod') }),
      ...(warnings === undefined
        ? {}
        : { prevalenceWarnings: warnings.map((w, i) => text(w, `cy.prevalenceWarnings[${i}]`)) }),
    };
    // An empty block says nothing: kept out, so the document reads as one without Welsh.
    return Object.keys(block).length > 0 ? block : undefined;
  };
  const cy = welsh(doc.cy);
  if (doc.format !== CSEW_FIGURES_FORMAT) fail('format', `must be "${CSEW_FIGURES_FORMAT}"`);
  const source = object(doc.source, 'source');
  const url = text(source.url, 'source.url');
  if (!/^https:\/\//.test(url)) fail('source.url', 'must be an https address');
  const tables = object(doc.tables, 'tables');

  return {
    format: CSEW_FIGURES_FORMAT,
    source: {
      publisher: text(source.publisher, 'source.publisher'),
      title: text(source.title, 'source.title'),
      released: date(source.released, 'source.released'),
      url,
      dataSource: text(source.dataSource, 'source.dataSource'),
      licence: text(source.licence, 'source.licence'),
    },
    dataYear: text(doc.dataYear, 'dataYear'),
    lastUpdated: date(doc.lastUpdated, 'lastUpdated'),
    nextUpdate: text(doc.nextUpdate, 'nextUpdate'),
    nextEditionYearEnding:
      doc.nextEditionYearEnding === undefined || doc.nextEditionYearEnding === null
        ? null
        : month(doc.nextEditionYearEnding, 'nextEditionYearEnding'),
    nextUpdateDate: doc.nextUpdateDate === null ? null : date(doc.nextUpdateDate, 'nextUpdateDate'),
    headlineTotal: count(doc.headlineTotal, 'headlineTotal'),
    surveyNote: text(doc.surveyNote, 'surveyNote'),
    dataMethod: text(doc.dataMethod, 'dataMethod'),
    prevalenceWarnings,
    ...(cy ? { cy } : {}),
    incidents: unique(
      list(doc.incidents, 'incidents', 30).map((raw, i) => {
        const c = object(raw, `incidents[${i}]`);
        const profile = c.peakProfile;
        if (typeof profile !== 'string' || !Object.hasOwn(PEAK_PROFILES, profile)) {
          fail(`incidents[${i}].peakProfile`, `must be one of ${Object.keys(PEAK_PROFILES).join(', ')}`);
        }
        return {
          id: slug(c.id, `incidents[${i}].id`),
          name: text(c.name, `incidents[${i}].name`),
          annualCount: count(c.annualCount, `incidents[${i}].annualCount`),
          peakProfile: profile as PeakProfileName,
        };
      }),
      'incidents',
    ),
    prevalence: unique(
      list(doc.prevalence, 'prevalence', 30).map((raw, i) => {
        const c = object(raw, `prevalence[${i}]`);
        return {
          id: slug(c.id, `prevalence[${i}].id`),
          name: text(c.name, `prevalence[${i}].name`),
          annualCount: count(c.annualCount, `prevalence[${i}].annualCount`),
        };
      }),
      'prevalence',
    ),
    tables: Object.fromEntries(
      SURVEY_GROUPS.map((group) => [
        group,
        list(tables[group], `tables.${group}`).map((raw, i): CsewTableRow => {
          const path = `tables.${group}[${i}]`;
          const row = object(raw, path);
          const total = count(row.total, `${path}.total`);
          const unreported = row.unreported === null ? null : count(row.unreported, `${path}.unreported`);
          if (unreported !== null && unreported > total) fail(`${path}.unreported`, 'must not exceed total');
          const status = row.status as SurveyRowStatus;
          if (!SURVEY_ROW_STATUSES.includes(status))
            fail(`${path}.status`, `must be one of ${SURVEY_ROW_STATUSES.join(', ')}`);
          return {
            crime: text(row.crime, `${path}.crime`),
            total,
            unreported,
            unreportedPercent: percent(row.unreportedPercent, `${path}.unreportedPercent`),
            status,
            source: text(row.source, `${path}.source`),
          };
        }),
      ]),
    ) as Record<SurveyGroup, CsewTableRow[]>,
  };
}

/** The figures the product ships with. */
export const BUNDLED_CSEW_FIGURES: CsewFigures = parseCsewFigures(bundled);

/** True once the announced date of the next edition has come: a newer release may be out. */
export function newerReleaseMayExist(
  figures: Pick<CsewFigures, 'nextUpdateDate'>,
  instantMs: number,
): boolean {
  return figures.nextUpdateDate !== null && daysUntilLondonDate(figures.nextUpdateDate, instantMs) === 0;
}

/** The document's Welsh under the names the definition's English has (meta.survey, meta.dataMethod). */
function surveyWelsh(cy: CsewFiguresWelsh): SurveyWelsh {
  return {
    ...(cy.surveyNote ? { note: cy.surveyNote } : {}),
    ...(cy.dataMethod ? { dataMethod: cy.dataMethod } : {}),
    ...(cy.prevalenceWarnings ? { prevalenceWarnings: cy.prevalenceWarnings } : {}),
  };
}

const definitions = new WeakMap<CsewFigures, ClockDefinition>();

/** The survey clock's definition for a set of figures (one object per set, so models are cached once). */
export function csewClockDefinition(figures: CsewFigures): ClockDefinition {
  const cached = definitions.get(figures);
  if (cached) return cached;
  const meta: ClockMeta = {
    areaName: 'England and Wales',
    dataMethod: figures.dataMethod,
    dataSource: `${figures.source.dataSource}, ${figures.dataYear}`,
    latestDataMonth: null,
    lastUpdated: figures.lastUpdated,
    nextUpdate: figures.nextUpdate,
    nextUpdateRule: 'date',
    nextUpdateDate: figures.nextUpdateDate,
    ...(figures.nextEditionYearEnding ? { nextEditionYearEnding: figures.nextEditionYearEnding } : {}),
    excludedForces: [],
    notes: [figures.surveyNote, figures.source.licence, ...figures.prevalenceWarnings],
    sourceUrl: figures.source.url,
    survey: {
      note: figures.surveyNote,
      licence: figures.source.licence,
      prevalenceWarnings: figures.prevalenceWarnings,
      ...(figures.cy ? { cy: surveyWelsh(figures.cy) } : {}),
    },
  };
  const categories: ClockCategoryInput[] = figures.incidents.map((c) => ({
    id: c.id,
    name: c.name,
    annualCount: c.annualCount,
    peak: modelPeak(PEAK_PROFILES[c.peakProfile]),
  }));
  const prevalence: ClockCategoryInput[] = figures.prevalence.map((c) => ({ ...c }));
  const content = { clock: 'csew' as const, categories, prevalence, meta };
  const definition: ClockDefinition = { ...content, version: definitionVersion(content) };
  definitions.set(figures, definition);
  return definition;
}
