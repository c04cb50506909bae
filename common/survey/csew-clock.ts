import type { ClockDefinition } from '../clock/types.ts';
import { BUNDLED_CSEW_FIGURES, csewClockDefinition } from './csew-data.ts';

/** The survey clock's definition from the figures the product ships with (until an admin uploads newer). */
export const CSEW_CLOCK_DEFINITION: ClockDefinition = csewClockDefinition(BUNDLED_CSEW_FIGURES);
