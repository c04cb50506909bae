import { LRUCache } from 'lru-cache';
import { REFUNDS_KEPT, type RefundsGiven } from '../admin/login-throttle.ts';
import { CLOCK_IMAGE_MAX_AGE_MS, CLOCK_IMAGES_KEPT } from '../og-image/clock-image-service.ts';
import { AREA_CLOCKS_KEPT, type AreaClockEntry } from '../search/search-service.ts';
import { LOCAL_MAX_BUCKETS, type LocalCount } from '../security/rate-limit.ts';

/**
 * Part of the composition root (services.ts calls it, nothing else does): the API node's
 * in-memory caches, each built once here and handed to the one service that fills it.
 */
export function composeCaches({ now = Date.now }: { now?: () => number }) {
  return {
    // Area clocks change only with the police data; the entry's version says which.
    areaClocks: new LRUCache<string, AreaClockEntry>({ max: AREA_CLOCKS_KEPT }),
    clockImages: new LRUCache<string, Promise<Buffer | null>>({
      max: CLOCK_IMAGES_KEPT,
      ttl: CLOCK_IMAGE_MAX_AGE_MS,
      // Ages read on the services' clock (tests move it), to the millisecond.
      perf: { now },
      ttlResolution: 0,
    }),
    // The rate limiter's counts on this node, a shortcut before the shared counts.
    rateCounts: new LRUCache<string, LocalCount>({ max: LOCAL_MAX_BUCKETS }),
    // The login throttle's refunds per address on this node.
    loginRefunds: new LRUCache<string, RefundsGiven>({ max: REFUNDS_KEPT }),
  };
}
