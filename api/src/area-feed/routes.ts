import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ATOM_CONTENT_TYPE, GetAreaFeed } from '../../../common/contracts/alerts.ts';
import { pathWithin } from '../http/contract-route.ts';
import type { cachedByDataVersion } from '../http/etag.ts';
import type { InFlightPerAddress } from '../http/in-flight-per-address.ts';
import type { AreaFeedService } from './feed-service.ts';

export interface AreaFeedRoutesOptions {
  feeds: AreaFeedService;
  /** Feed reads one address may have in flight, on all nodes (a feed is a 5-year search). */
  reads: InFlightPerAddress;
  /** ETag from the data version and Cache-Control: a feed reader's poll is a 304 until an import. */
  cached: ReturnType<typeof cachedByDataVersion>;
}

/**
 * GET /api/areas/:area/feed.atom: an area's months as Atom (RFC 4287); `?lang=cy` in Welsh. The
 * language is in the URL, never read from a cookie or Accept-Language, so the answer varies by
 * nothing else and one ETag per data version stays right for each URL.
 */
export const areaFeedRoutes: FastifyPluginAsyncTypebox<AreaFeedRoutesOptions> = async (
  app,
  { feeds, reads, cached },
) => {
  app.get(
    pathWithin(app.prefix, GetAreaFeed.path),
    {
      schema: {
        params: GetAreaFeed.params,
        querystring: GetAreaFeed.querystring,
        description:
          "An area's months of police data as an Atom feed: postcode:SW1A1AA, force:kent, neighbourhood:kent:MW01; ?lang=cy for Welsh",
      },
      // The cheap 304 first; only a read that runs takes a place.
      onRequest: [cached.onRequest, reads.admit],
      onSend: cached.onSend,
    },
    async (request, reply) =>
      reply
        .type(`${ATOM_CONTENT_TYPE}; charset=utf-8`)
        .header('content-language', request.query.lang ?? 'en')
        .send(await feeds.feed(request.params.area, request.query.lang)),
  );
};
