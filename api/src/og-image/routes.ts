import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { parseClockAreaId } from '../../../common/clock/area.ts';
import { GetClockImage } from '../../../common/contracts/og-image.ts';
import { pathWithin } from '../http/contract-route.ts';
import { HttpError, badRequest } from '../http/errors.ts';
import type { InFlightPerAddress } from '../http/in-flight-per-address.ts';
import { CLOCK_IMAGE_MAX_AGE_MS, type ClockImageService } from './clock-image-service.ts';

export interface ClockImageRoutesOptions {
  images: ClockImageService;
  /** Drawing an area's image runs its search: bounded per address like the other expensive reads. */
  drawings: InFlightPerAddress;
}

/** GET /og/clock.png (register with prefix /api): a clock's link-preview image. */
export const clockImageRoutes: FastifyPluginAsyncTypebox<ClockImageRoutesOptions> = async (
  app,
  { images, drawings },
) => {
  app.get(
    pathWithin(app.prefix, GetClockImage.path),
    {
      schema: {
        querystring: GetClockImage.querystring,
        description: "A clock's link-preview image: PNG, 1200×630, at most a minute old",
      },
      onRequest: drawings.admit,
    },
    async (request, reply) => {
      const { clock, area: areaId, lang } = request.query;
      // The schema bounds the id's length only: whether it names an area is the clock's rule.
      const area = areaId === undefined ? undefined : parseClockAreaId(areaId);
      if (areaId !== undefined && (!area || clock !== 'police-crime-clock')) {
        throw badRequest(
          'area must be postcode:<postcode>, force:<force id> or neighbourhood:<force id>:<neighbourhood id>, on the police clock',
          'INVALID_AREA',
        );
      }
      const png = await images.image(clock, area, lang);
      if (!png) throw new HttpError(404, 'NO_CLOCK_DATA', 'This clock has no data to show yet.');
      return reply
        .type('image/png')
        .header('cache-control', `public, max-age=${CLOCK_IMAGE_MAX_AGE_MS / 1000}`)
        .send(png);
    },
  );
};
