import { clockAreaId, clockAreaSearch, type ClockArea } from '../../../common/clock/area.ts';
import { toClockData } from '../../../common/clock/clock-data.ts';
import type { ClockDefinition } from '../../../common/clock/types.ts';
import { areaName } from '../../../common/clock/area-name.ts';
import { isSyntheticDefinition } from '../../../common/clock/police-definition.ts';
import type { Locale } from '../../../common/i18n/locale.ts';
import { messageFormatter } from '../../../common/i18n/message-format.ts';
import { MESSAGES, type MessageId } from '../../../common/i18n/messages.ts';
import type { ClockPage } from '../../../common/site/page-metadata.ts';
import { csewClockDefinition } from '../../../common/survey/csew-data.ts';
import type { CsewFiguresService } from '../clocks/csew-figures-service.ts';
import type { PoliceClockService } from '../clocks/police-clock-service.ts';
import { HttpError } from '../http/errors.ts';
import type { SearchService } from '../search/search-service.ts';
import { clockCardSvg } from './clock-card.ts';
import { renderPng } from './render-png.ts';

/** An image is drawn again once it is this old: the count it shows moves every second. */
export const CLOCK_IMAGE_MAX_AGE_MS = 60_000;

export interface ClockImageServiceOptions {
  csewFigures: Pick<CsewFiguresService, 'current'>;
  policeClock: Pick<PoliceClockService, 'definition'>;
  /** Area clocks come from the crime search's own rules, as GET /api/area-clock's do. */
  search: Pick<SearchService, 'clock'>;
  /**
   * Images drawn, by clock: the root hands in an LRU of CLOCK_IMAGES_KEPT whose entries end after
   * CLOCK_IMAGE_MAX_AGE_MS on the service's clock (composition/caches.ts).
   */
  drawn: DrawnImages;
  now?: () => number;
}

/** What the service needs of its image cache. */
export interface DrawnImages {
  get(key: string): Promise<Buffer | null> | undefined;
  set(key: string, image: Promise<Buffer | null>): unknown;
  delete(key: string): unknown;
}

/** Images kept per API node (each about 30 KB). */
export const CLOCK_IMAGES_KEPT = 500;

const CLOCK_NAME: Record<ClockPage, MessageId> = {
  'crime-clock': 'clockWords.csew.title',
  'police-crime-clock': 'clockWords.police.title',
};

/** Each clock's source as its pages name it (the survey's English keeps its edition, the definition's). */
const SOURCE: Record<ClockPage, MessageId> = {
  'crime-clock': 'clocks.csew.dataSource',
  'police-crime-clock': 'clocks.police.dataSource',
};

const say = messageFormatter(MESSAGES);

/**
 * Where a national clock counts, in `locale`: the definition's own English, or from its coverage's
 * facts as the pages word it ("Cymru a Lloegr", "7 o 43 heddlu yng Nghymru a Lloegr").
 */
function nationalArea(definition: ClockDefinition, english: string, locale: Locale): string {
  if (locale === 'en') return english;
  const coverage = definition.meta.coverage;
  return !coverage || coverage.territorialForces === coverage.ofTerritorialForces
    ? say(locale, 'clockWords.coverage.all')
    : say(locale, 'clockWords.coverage.some', {
        held: coverage.territorialForces,
        of: coverage.ofTerritorialForces,
      });
}

/**
 * The link-preview image of a clock, drawn at most once a minute per clock: every visitor's
 * preview of the same link within the minute gets the same image, and concurrent first requests
 * share one drawing. Null when the clock has no data (no police data yet, an area without crimes).
 */
export function createClockImageService(options: ClockImageServiceOptions) {
  const { drawn, now = Date.now } = options;

  async function definitionOf(page: ClockPage, area?: ClockArea): Promise<ClockDefinition | null> {
    if (page === 'crime-clock') return csewClockDefinition((await options.csewFigures.current()).figures);
    if (area) return areaDefinition(area);
    return options.policeClock.definition();
  }

  /** An area's clock; like the national one, none while the store holds no police data. */
  async function areaDefinition(area: ClockArea): Promise<ClockDefinition | null> {
    try {
      return await options.search.clock(clockAreaSearch(area));
    } catch (error) {
      if (error instanceof HttpError && error.code === 'NO_DATA') return null;
      throw error;
    }
  }

  async function draw(page: ClockPage, area: ClockArea | undefined, locale: Locale): Promise<Buffer | null> {
    const definition = await definitionOf(page, area);
    if (!definition) return null;
    const at = now();
    const data = toClockData(definition, at);
    return renderPng(
      clockCardSvg({
        clockName: say(locale, CLOCK_NAME[page]),
        data: {
          ...data,
          areaName: area
            ? areaName(area, locale, data.areaName, definition.meta.neighbourhoodName)
            : nationalArea(definition, data.areaName, locale),
        },
        source: locale === 'en' ? definition.meta.dataSource : say(locale, SOURCE[page]),
        at,
        locale,
        synthetic: isSyntheticDefinition(definition.meta),
      }),
    );
  }

  return {
    /** The PNG of the clock (of `area`, on the police clock) in `locale`; null when it has no data. */
    image(page: ClockPage, area?: ClockArea, locale: Locale = 'en'): Promise<Buffer | null> {
      const key = `${page}|${area ? clockAreaId(area) : ''}|${locale}`;
      const cached = drawn.get(key);
      if (cached) return cached;
      const image = draw(page, area, locale);
      drawn.set(key, image);
      // A failure (the database away) is not kept: the next request draws again.
      image.catch(() => drawn.delete(key));
      return image;
    },
  };
}

export type ClockImageService = ReturnType<typeof createClockImageService>;
