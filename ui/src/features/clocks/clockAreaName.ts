/**
 * An area clock's name in the page's language, worded from its id (common/clock/area.ts) and, for
 * a neighbourhood, its own name the definition carries (meta.neighbourhoodName), rather than read
 * from the label the server writes in English ("1 mile around SW1A 1AA", "Kent Police",
 * "Cardiff Central, South Wales Police"). Every page, picker and embed that names an area clock
 * asks here, so English stays as the server writes it and Welsh pages say it in Welsh, a force by
 * forceNameFor (common/police/force-name.ts).
 */
import { parseClockAreaId } from '../../../../common/clock/area.ts';
import type { ClockMeta } from '../../../../common/clock/types.ts';
import type { Locale } from '../../../../common/i18n/locale.ts';
import { forceNameFor } from '../../../../common/police/force-name.ts';
import { parsePostcode } from '../../../../common/postcode/postcode.ts';
import { SEARCH_RADIUS_MILES } from '../../../../common/search/types.ts';
import { wordMessage } from './clockWords.ts';

/**
 * The area `areaId` names, in `locale`. `meta` is the definition's, once it has come: a
 * neighbourhood's name is data (its neighbourhoodName); an id this cannot read, or a neighbourhood
 * whose name is not given, keeps the definition's English areaName. Undefined only when neither
 * says anything.
 */
export function clockAreaName(
  areaId: string,
  locale: Locale,
  meta?: Pick<ClockMeta, 'areaName' | 'neighbourhoodName'>,
): string | undefined {
  const area = parseClockAreaId(areaId);
  if (!area) return meta?.areaName;
  switch (area.kind) {
    case 'postcode':
      return wordMessage(locale, 'clockWords.area.radius', {
        miles: SEARCH_RADIUS_MILES,
        postcode: parsePostcode(area.postcode)?.canonical ?? area.postcode,
      });
    case 'force':
      return forceNameFor(area.forceId, locale);
    case 'neighbourhood':
      return meta?.neighbourhoodName === undefined
        ? meta?.areaName
        : wordMessage(locale, 'clockWords.area.neighbourhood', {
            neighbourhood: meta.neighbourhoodName,
            force: forceNameFor(area.forceId, locale),
          });
  }
}
