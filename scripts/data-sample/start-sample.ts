import { POLICE_FORCE_IDS } from '../../common/police/forces.ts';
import type { SampleOptions } from './generate.ts';

/**
 * What `npm start` imports on an empty store (scripts/data-sample/sample-if-empty.ts, the importer's api/src/police-data/import/cli/sample-if-empty.ts): every force,
 * in its real proportion, for the latest month, at about 70 % of England and Wales's real monthly
 * volume (scale 100 is national size), so the police clock ticks as the real one does, about one
 * crime every 9 seconds (start-sample.int.test.ts), instead of one every ten minutes. One month
 * and no outcomes files keep the first start's import short (its time is in the README); each
 * crime still carries its last outcome in the street file. Tests that make their own samples
 * keep their own small sizes.
 */
export const START_SAMPLE: Omit<SampleOptions, 'outDir'> = {
  months: 1,
  scale: 70,
  forces: POLICE_FORCE_IDS,
  outcomes: false,
};
