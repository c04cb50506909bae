/**
 * An area clock's name in the page's language, worded from its id (common/clock/area.ts) rather
 * than read from the label the server writes in English ("1 mile around SW1A 1AA", "Kent Police",
 * "Cardiff Central, South Wales Police"). Every page, picker and embed that names an area clock
 * asks here, so English stays as the server writes it and Welsh pages say it in Welsh, a force by
 * forceNameFor (common/police/force-name.ts).
 */
import { parseClockAreaId } from '../../../../common/clock/area.ts';
import type { Locale } from '../../../../common/i18n/locale.ts';
import { forceNameFor } from '../../../../common/police/force-name.ts';
import { forceById } from '../../../../common/police/forces.ts';
import { parsePostcode } from '../../../../common/postcode/postcode.ts';
import { SEARCH_RADIUS_MILES } from '../../../../common/search/types.ts';
import { wordMessage } from './clockWords.ts';

/**
 * The area `areaId` names, in `locale`. `dataName` is the definition's own name for the area: a
 * neighbourhood's name is data (taken from it, before its force's name); an id this cannot read
 * keeps it as it is. Undefined only when neither says anything.
 */
export function clockAreaName(areaId: string, locale: Locale, dataName?: string): string | undefined {
  const area = parseClockAreaId(areaId);
  if (!area) return dataName;
  switch (area.kind) {
    case 'postcode':
      return wordMessage(locale, 'clockWords.area.radius', {
        miles: SEARCH_RADIUS_MILES,
        postcode: parsePostcode(area.postcode)?.canonical ?? area.postcode,
      });
    case 'force':
      return forceNameFor(area.forceId, locale);
    case 'neighbourhood': {
      const neighbourhood = neighbourhoodOf(dataName, area.forceId);
      return neighbourhood === undefined
        ? dataName
        : wordMessage(locale, 'clockWords.area.neighbourhood', {
            neighbourhood,
            force: forceNameFor(area.forceId, locale),
          });
    }
  }
}

/** The neighbourhood's own name: what the definition's name has before ", <its force's name>". */
function neighbourhoodOf(dataName: string | undefined, forceId: string): string | undefined {
  const suffix = `, ${forceById(forceId)?.name ?? forceId}`;
  return dataName?.endsWith(suffix) ? dataName.slice(0, -suffix.length) : undefined;
}
