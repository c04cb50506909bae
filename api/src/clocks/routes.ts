import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { toClockData } from '../../../common/clock/clock-data.ts';
import type { ClockDefinition } from '../../../common/clock/types.ts';
import { tickFrameAt } from '../../../common/realtime/tick.ts';
import { csewClockDefinition } from '../../../common/survey/csew-data.ts';
import { HttpError } from '../http/errors.ts';
import type { CsewFiguresService } from './csew-figures-service.ts';
import type { PoliceClockService } from './police-clock-service.ts';

export interface ClockRoutesOptions {
  policeClock: PoliceClockService;
  csewFigures: CsewFiguresService;
  now?: () => number;
}

/**
 * The clocks for clients without a socket (and for the realtime server, which reads the police
 * definition here): the specification's clock data at this instant, the definition (names,
 * sources, peak hours), and the same tick the realtime server sends for the current second, so a
 * client without a socket shows server-computed counts too.
 */
export const clockRoutes: FastifyPluginAsyncTypebox<ClockRoutesOptions> = async (
  app,
  { policeClock, csewFigures, now = Date.now },
) => {
  const answer = (definition: ClockDefinition) => {
    const serverTime = now();
    const tick = tickFrameAt(definition, serverTime - (serverTime % 1000));
    return { ...toClockData(definition, serverTime), definition, serverTime, tick };
  };

  // The figures in use: an admin's upload, or the shipped file.
  app.get('/csew-clock', async () => answer(csewClockDefinition((await csewFigures.current()).figures)));

  app.get('/police-clock', async () => {
    const definition = await policeClock.definition();
    if (!definition) {
      throw new HttpError(
        503,
        'NO_POLICE_DATA',
        'No police-recorded crime data has been imported yet. Run `npm run import -- --latest` or import a downloaded archive.',
      );
    }
    return answer(definition);
  });
};
