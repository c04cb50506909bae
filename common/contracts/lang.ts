import { Type } from 'typebox';

/**
 * `lang` of an API address that carries its language itself (an export, a preview image): one
 * of the site's languages (common/i18n/locale.ts LOCALES); English when omitted.
 */
export const LangQuery = Type.Union([Type.Literal('en'), Type.Literal('cy')]);
