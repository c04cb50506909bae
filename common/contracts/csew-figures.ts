import { Type, type Static } from 'typebox';
import { PEAK_PROFILES } from '../clock/peak-hours.ts';
import {
  CSEW_FIGURES_FORMAT,
  SURVEY_GROUPS,
  SURVEY_ROW_STATUSES,
  type PeakProfileName,
} from '../survey/csew-data.ts';
import { Nullable } from './errors.ts';
import { endpoint } from './endpoint.ts';

/**
 * The survey figures the CSEW clock uses, for the admin's survey data page, and their replacement
 * by upload (admin only).
 */

/** One row of a table of the admin's survey data viewer. */
const SurveyTableRow = Type.Object({
  crime: Type.String(),
  total: Type.Integer({ minimum: 0 }),
  /** null where the publication gives no split by reporting. */
  unreported: Nullable(Type.Integer({ minimum: 0 })),
  unreportedPercent: Nullable(Type.Number()),
  status: Type.Enum(SURVEY_ROW_STATUSES),
  source: Type.String(),
});

/**
 * The Welsh of the document's prose that the Welsh public pages show, each field optional: a
 * Welsh page shows the English of a field without Welsh, marked as English. The warnings' Welsh is
 * all of them, in the English list's order, or none. Older documents have no `cy` at all.
 */
export const CsewFiguresWelsh = Type.Object({
  surveyNote: Type.Optional(Type.String()),
  dataMethod: Type.Optional(Type.String()),
  prevalenceWarnings: Type.Optional(Type.Array(Type.String())),
});
export type CsewFiguresWelsh = Static<typeof CsewFiguresWelsh>;

/**
 * A `crime-clock/csew-figures@1` document: its shape, whose Static<> is the figures' type
 * (common/survey/csew-data.ts). An uploaded document is checked by parseCsewFigures there, which
 * also holds what a schema cannot say (non-blank texts, real dates, an https source, ids unique,
 * unreported within total) and names the first wrong field in its message: the route answers
 * 400 INVALID_CSEW_FIGURES with it, so the upload's body is only an object here.
 */
export const CsewFiguresDocument = Type.Object(
  {
    format: Type.Literal(CSEW_FIGURES_FORMAT),
    source: Type.Object({
      publisher: Type.String(),
      title: Type.String(),
      /** ISO date the publication was released. */
      released: Type.String(),
      url: Type.String(),
      /** How the clock names its source, e.g. "Crime Survey for England and Wales (CSEW), ONS". */
      dataSource: Type.String(),
      licence: Type.String(),
    }),
    /** e.g. "year ending March 2025". */
    dataYear: Type.String(),
    lastUpdated: Type.String(),
    /** The next edition's period as ONS names it, e.g. "year ending June 2025" (English, for the API). */
    nextUpdate: Type.String(),
    /**
     * The same period as the last month of its year, "2025-06", which pages word in their language;
     * null in a document that does not give it (optional in an uploaded document). Its form is
     * checked by parseCsewFigures (common/survey/csew-data.ts), the one validator of uploads.
     */
    nextEditionYearEnding: Nullable(Type.String()),
    /** ISO date ONS announced for the next edition; null when none is announced. */
    nextUpdateDate: Nullable(Type.String()),
    headlineTotal: Type.Integer({ minimum: 0 }),
    surveyNote: Type.String(),
    dataMethod: Type.String(),
    prevalenceWarnings: Type.Array(Type.String()),
    cy: Type.Optional(CsewFiguresWelsh),
    incidents: Type.Array(
      Type.Object({
        id: Type.String(),
        name: Type.String(),
        annualCount: Type.Integer({ minimum: 0 }),
        peakProfile: Type.Enum(Object.keys(PEAK_PROFILES) as PeakProfileName[]),
      }),
    ),
    prevalence: Type.Array(
      Type.Object({ id: Type.String(), name: Type.String(), annualCount: Type.Integer({ minimum: 0 }) }),
    ),
    tables: Type.Record(Type.Enum(SURVEY_GROUPS), Type.Array(SurveyTableRow)),
  },
  { description: 'A crime-clock/csew-figures@1 document' },
);

export const CsewFiguresInUse = Type.Object({
  figures: CsewFiguresDocument,
  /** null: the figures shipped with the product. */
  uploadedAt: Nullable(Type.String()),
  uploadedBy: Nullable(Type.String()),
  shipped: Type.Boolean(),
  newerReleaseMayExist: Type.Boolean(),
});
export type CsewFiguresInUse = Static<typeof CsewFiguresInUse>;

const PATH = '/api/admin/csew-figures';

export const GetCsewFigures = endpoint({ method: 'GET', path: PATH, response: { 200: CsewFiguresInUse } });

/** 400 INVALID_CSEW_FIGURES, naming the field, when the document is wrong: nothing changes then. */
export const ReplaceCsewFigures = endpoint({
  method: 'POST',
  path: PATH,
  body: Type.Record(Type.String(), Type.Unknown()),
  response: { 200: CsewFiguresInUse },
});

/** Back to the figures shipped with this version (uploads stay on record). */
export const RevertCsewFigures = endpoint({
  method: 'DELETE',
  path: PATH,
  response: { 200: CsewFiguresInUse },
});
