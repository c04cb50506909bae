/**
 * How every page, mail and feed names an area (common/clock/area.ts) in its language: from the
 * area's facts (a postcode's radius, a force's id, a neighbourhood and its force), never from the
 * English label the search writes for the partner API ("1 mile around SW1A 1AA"). The clock pages,
 * their picker and the embed, the search page, the served page titles, the alert mails and the
 * area feeds all ask here, so an area reads the same everywhere and a Welsh reader meets no
 * English of ours in it.
 *
 * A neighbourhood's own name is data (data.police.uk's, kept in English): the search's answer, an
 * alert mail's payload and an area clock's definition carry it as a fact (`neighbourhoodName`).
 * Reading it back out of a label `neighbourhoodLabel` wrote (`neighbourhoodNameIn`) is only for
 * what was made before they did: mails queued before their payloads carried it, and clock
 * definitions from before `meta.neighbourhoodName`.
 */
import cyArea from '../i18n/messages/cy/area.json' with { type: 'json' };
import enArea from '../i18n/messages/en/area.json' with { type: 'json' };
import type { Locale } from '../i18n/locale.ts';
import { messageFormatter } from '../i18n/message-format.ts';
import { forceNameFor, labelWithForceName } from '../police/force-name.ts';
import { forceById } from '../police/forces.ts';
import { parsePostcode } from '../postcode/postcode.ts';
import { SEARCH_RADIUS_MILES, type SearchDataInfo } from '../search/types.ts';
import { parseClockAreaId, type ClockArea } from './area.ts';

const say = messageFormatter<keyof typeof enArea>({ en: enArea, cy: cyArea });

/** The English name data.police.uk gives a force; an id we do not know stands for itself. */
const englishForceName = (forceId: string) => forceById(forceId)?.name ?? forceId;

/**
 * The search's label for a neighbourhood ("Cardiff Central, South Wales Police"), as the API
 * answers it in English; `neighbourhoodNameIn` reads the name back from it for old payloads.
 */
export function neighbourhoodLabel(neighbourhoodName: string, forceId: string): string {
  return `${neighbourhoodName}, ${englishForceName(forceId)}`;
}

/**
 * The neighbourhood's own name in a label `neighbourhoodLabel` wrote; undefined for any other text.
 * The fallback for a label without the name beside it (see the file's head), not a way to get it.
 */
export function neighbourhoodNameIn(label: string | undefined, forceId: string): string | undefined {
  const suffix = `, ${englishForceName(forceId)}`;
  return label?.endsWith(suffix) && label.length > suffix.length ? label.slice(0, -suffix.length) : undefined;
}

/**
 * The area's name in `locale`: "1 filltir o amgylch CF10 1AA", "Heddlu Dyfed-Powys", "Cardiff
 * Central, Heddlu De Cymru". A neighbourhood is named by `neighbourhoodName`, the fact its search
 * answer, mail payload or clock definition carries (`dataInfo.area.neighbourhoodName`,
 * `meta.neighbourhoodName`). `label` is what the search or a clock's definition calls the area
 * (`dataInfo.area.label`, `meta.areaName`): a neighbourhood's name is read from it only when the
 * name is not given (a mail queued, or a definition made, before they carried it). A neighbourhood
 * with neither is named by its id ("cymdogaeth CF1, Heddlu De Cymru"); a label that names it some
 * other way is kept, its force named in the language.
 */
export function areaName(
  area: ClockArea,
  locale: Locale,
  label?: string,
  neighbourhoodName?: string,
): string {
  switch (area.kind) {
    case 'postcode':
      return say(locale, 'area.radius', {
        miles: SEARCH_RADIUS_MILES,
        postcode: parsePostcode(area.postcode)?.canonical ?? area.postcode,
      });
    case 'force':
      return forceNameFor(area.forceId, locale);
    case 'neighbourhood': {
      const force = forceNameFor(area.forceId, locale);
      // The label is parsed only for alert mails queued before their payloads carried the name,
      // and clock definitions made before `meta.neighbourhoodName`: everything newer gives it.
      const name = neighbourhoodName ?? neighbourhoodNameIn(label, area.forceId);
      if (name !== undefined) return say(locale, 'area.neighbourhood', { neighbourhood: name, force });
      if (label !== undefined) return labelWithForceName(label, locale);
      return say(locale, 'area.neighbourhoodId', { neighbourhood: area.neighbourhoodId, force });
    }
  }
}

/** The area a search's answer is about, from its facts; undefined for the search of the whole store. */
export function searchedArea(info: Pick<SearchDataInfo, 'searchType' | 'area'>): ClockArea | undefined {
  const { postcode, forceId, neighbourhoodId } = info.area;
  switch (info.searchType) {
    case 'radius':
      return parseClockAreaId(`postcode:${postcode ?? ''}`);
    case 'force':
      return parseClockAreaId(`force:${forceId ?? ''}`);
    case 'neighbourhood':
      return parseClockAreaId(`neighbourhood:${forceId ?? ''}:${neighbourhoodId ?? ''}`);
    default:
      return undefined;
  }
}
