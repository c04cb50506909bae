import { Type, type Static } from 'typebox';
import type { CsewFigures } from '../survey/csew-data.ts';
import { Nullable } from './errors.ts';
import { endpoint } from './endpoint.ts';

/**
 * The survey figures the CSEW clock uses, for the admin's survey data page, and their replacement
 * by upload (admin only). The figures document itself is checked field by field by
 * parseCsewFigures (common/survey/csew-data.ts), whose messages name the wrong field; here it is
 * only an object.
 */
const Figures = Type.Unsafe<CsewFigures>(
  Type.Record(Type.String(), Type.Unknown(), { description: 'A crime-clock/csew-figures@1 document' }),
);

export const CsewFiguresInUse = Type.Object({
  figures: Figures,
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
