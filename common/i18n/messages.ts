import cyAlerts from './messages/cy/alerts.json' with { type: 'json' };
import cyArea from './messages/cy/area.json' with { type: 'json' };
import cyAuth from './messages/cy/auth.json' with { type: 'json' };
import cyClockErrors from './messages/cy/clockErrors.json' with { type: 'json' };
import cyClocks from './messages/cy/clocks.json' with { type: 'json' };
import cyClockWords from './messages/cy/clockWords.json' with { type: 'json' };
import cyDevelopers from './messages/cy/developers.json' with { type: 'json' };
import cyEmbed from './messages/cy/embed.json' with { type: 'json' };
import cyErrors from './messages/cy/errors.json' with { type: 'json' };
import cySearch from './messages/cy/search.json' with { type: 'json' };
import cySite from './messages/cy/site.json' with { type: 'json' };
import enAlerts from './messages/en/alerts.json' with { type: 'json' };
import enArea from './messages/en/area.json' with { type: 'json' };
import enAuth from './messages/en/auth.json' with { type: 'json' };
import enClockErrors from './messages/en/clockErrors.json' with { type: 'json' };
import enClocks from './messages/en/clocks.json' with { type: 'json' };
import enClockWords from './messages/en/clockWords.json' with { type: 'json' };
import enDevelopers from './messages/en/developers.json' with { type: 'json' };
import enEmbed from './messages/en/embed.json' with { type: 'json' };
import enErrors from './messages/en/errors.json' with { type: 'json' };
import enSearch from './messages/en/search.json' with { type: 'json' };
import enSite from './messages/en/site.json' with { type: 'json' };
import type { Locale } from './locale.ts';

/*
 * One pair of files per feature (messages/en/<feature>.json, messages/cy/<feature>.json), so a
 * feature's words sit together and two features never edit the same file. Ids carry the feature
 * as their prefix ("clocks.title"); messages.test.ts holds the two languages to the same ids and
 * fails when two files claim one id. One feature is split by who carries it: the errors a clock
 * can meet (its API's and its area search's codes, a failed connection) are `errors.*` ids in
 * clockErrors.json, which the embed loads alone, and the rest of the errors in errors.json.
 */
export const MESSAGE_FILES = {
  en: {
    site: enSite,
    errors: enErrors,
    clockErrors: enClockErrors,
    alerts: enAlerts,
    search: enSearch,
    clocks: enClocks,
    clockWords: enClockWords,
    embed: enEmbed,
    area: enArea,
    auth: enAuth,
    developers: enDevelopers,
  },
  cy: {
    site: cySite,
    errors: cyErrors,
    clockErrors: cyClockErrors,
    alerts: cyAlerts,
    search: cySearch,
    clocks: cyClocks,
    clockWords: cyClockWords,
    embed: cyEmbed,
    area: cyArea,
    auth: cyAuth,
    developers: cyDevelopers,
  },
} as const;

const merge = <T extends Record<string, Record<string, string>>>(files: T) =>
  Object.assign({}, ...Object.values(files)) as UnionToIntersection<T[keyof T]>;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

const en = merge(MESSAGE_FILES.en);

/** Every message id; English is the reference set, and messages.test.ts holds Welsh to the same ids. */
export type MessageId = keyof typeof en;

/** The ICU messages of each language (one set of files for the UI and the server). */
export const MESSAGES: Record<Locale, Record<MessageId, string>> = { en, cy: merge(MESSAGE_FILES.cy) };
