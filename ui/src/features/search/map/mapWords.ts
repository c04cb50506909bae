/**
 * The map's sentences for screen readers and its note, in the page's language, from the facts the
 * map answer carries (common/map): where a mark lies, how crimes are grouped, what the outline is.
 */
import { parseClockAreaId } from '../../../../../common/clock/area.ts';
import { areaName } from '../../../../../common/clock/area-name.ts';
import type { Locale } from '../../../../../common/i18n/locale.ts';
import type { MessageId } from '../../../../../common/i18n/messages.ts';
import { placeFromCentre, type Frame } from '../../../../../common/map/frame.ts';
import { labelWithForceName } from '../../../../../common/police/force-name.ts';
import type { SearchMapResponse } from '../../../../../common/map/marks.ts';
import { PAGE_LOCALE } from '../../../i18n/pageLocale.ts';
import { formatCount, formatDecimal } from '../searchFormat.ts';
import { message } from '../searchText.ts';

type LatLng = { lat: number; lng: number };

function distanceText(value: number, unit: 'm' | 'km', locale: Locale): string {
  return unit === 'm' ? `${formatCount(value, locale)} m` : `${formatDecimal(value, 1, locale)} km`;
}

/** "about 420 m north-east of the centre" / "tua 420 m i'r gogledd-ddwyrain o'r canol". */
export function whereFromCentre(frame: Frame, point: LatLng, locale: Locale = PAGE_LOCALE): string {
  const place = placeFromCentre(frame, point);
  if (!place) return message('search.map.atCentre', undefined, locale);
  return message(
    'search.map.fromCentre',
    {
      distance: distanceText(place.distance.value, place.distance.unit, locale),
      compass: message(`search.map.compass.${place.compass}` as MessageId, undefined, locale),
    },
    locale,
  );
}

/** What the map shows, as the server's note says it in English (api/src/search/map-service.ts). */
export function mapNote(map: SearchMapResponse, locale: Locale = PAGE_LOCALE): string {
  if (locale === 'en') return map.note;
  const { binning } = map;
  if (binning.kind === 'points')
    return message('search.map.note.points', { locations: map.locations }, locale);
  const metres = binning.size * Math.sqrt(3);
  const across =
    metres < 1000
      ? distanceText(Math.round(metres / 10) * 10, 'm', locale)
      : distanceText(Number((metres / 1000).toFixed(1)), 'km', locale);
  return binning.by === 'cell'
    ? message('search.map.note.cells', { hexagons: map.marks.length, across }, locale)
    : message(
        'search.map.note.grouped',
        { locations: map.locations, hexagons: map.marks.length, across },
        locale,
      );
}

/**
 * The outline's label, when the server gives one: the force outlines it has to stand in for, or
 * the area's own label (a force or a neighbourhood, its force named in the page's language).
 */
export function outlineLabel(label: string, locale: Locale = PAGE_LOCALE): string {
  if (locale === 'en') return label;
  // A radius search's circle carries the area's label ("1 mile around SW1A 1AA").
  const circle = /^\d+ miles? around (.+)$/.exec(label);
  const centre = circle ? parseClockAreaId(`postcode:${circle[1]}`) : undefined;
  if (centre) return areaName(centre, locale);
  const boundaries = /^The force's (\d+) neighbourhood boundaries/.exec(label);
  if (boundaries)
    return message('search.map.outline.neighbourhoods', { count: Number(boundaries[1]) }, locale);
  if (label.startsWith("The area of the force's mapped crimes"))
    return message('search.map.outline.box', undefined, locale);
  return labelWithForceName(label, locale);
}
