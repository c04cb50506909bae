/**
 * An area clock's name in the page's language, worded from its id (common/clock/area.ts) by
 * `areaName` (common/clock/area-name.ts), which the mails and feeds use too, and for a
 * neighbourhood its own name the definition carries (meta.neighbourhoodName), rather than read
 * from the label the server writes in English ("1 mile around SW1A 1AA").
 */
import { parseClockAreaId } from '../../../../common/clock/area.ts';
import { areaName } from '../../../../common/clock/area-name.ts';
import type { ClockMeta } from '../../../../common/clock/types.ts';
import type { Locale } from '../../../../common/i18n/locale.ts';

/**
 * The area `areaId` names, in `locale`. `meta` is the definition's, once it has come: a
 * neighbourhood's name is data (its neighbourhoodName); an id this cannot read keeps the
 * definition's English areaName. Undefined only when neither says anything: a neighbourhood's
 * clock before its definition came.
 */
export function clockAreaName(
  areaId: string,
  locale: Locale,
  meta?: Pick<ClockMeta, 'areaName' | 'neighbourhoodName'>,
): string | undefined {
  const area = parseClockAreaId(areaId);
  if (!area) return meta?.areaName;
  if (
    area.kind === 'neighbourhood' &&
    meta?.neighbourhoodName === undefined &&
    meta?.areaName === undefined
  ) {
    return undefined;
  }
  return areaName(area, locale, meta?.areaName, meta?.neighbourhoodName);
}
