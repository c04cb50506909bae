/**
 * What the clocks exchange. The server sends a ClockDefinition (the model's input, small and
 * rarely changing); every client evaluates clockAt() itself, so ticks only need to carry a time
 * and the version they were computed from. ClockData, the response shape
 * the clock pages read, is derived from a definition and an instant by toClockData().
 */
import type { Static } from 'typebox';
import type {
  ClockAnswer,
  ClockDataSchema,
  ClockDefinitionSchema,
  ClockKindSchema,
  ClockMetaSchema,
  ExcludedForceSchema,
  ExclusionCauseSchema,
  PrevalenceDataSchema,
  SurveyWelshSchema,
  TickFrameSchema,
} from '../contracts/clocks.ts';

// Each type is its schema's (common/contracts/clocks.ts), where the fields are documented.
export type ClockKind = Static<typeof ClockKindSchema>;
export type ExcludedForce = Static<typeof ExcludedForceSchema>;

/** An excluded force as a police clock's definition is built with it: its cause always beside its reason. */
export type CausedExclusion = ExcludedForce & { readonly cause: ExclusionCause };

export type ExclusionCause = Static<typeof ExclusionCauseSchema>;
export type ClockMeta = Static<typeof ClockMetaSchema>;
export type SurveyWelsh = Static<typeof SurveyWelshSchema>;
export type ClockDefinition = Static<typeof ClockDefinitionSchema>;
export type PrevalenceData = Static<typeof PrevalenceDataSchema>;
export type ClockData = Static<typeof ClockDataSchema>;

/** A clock's counts at one whole server second, as sent on the wire (common/realtime/tick.ts). */
export type TickFrame = Static<typeof TickFrameSchema>;

/**
 * A clock as the API answers it (GET /api/csew-clock, /api/police-clock, a search's clockData):
 * the clock data at the server's instant, the definition and the realtime server's tick for the
 * current second.
 */
export type ClockApiResponse = ClockAnswer;
