/**
 * An area clock's name in the page's language, worded from its id (common/clock/area.ts) by
 * `areaName` (common/clock/area-name.ts), which the mails and feeds use too, rather than read from
 * the label the server writes in English ("1 mile around SW1A 1AA").
 */
import { parseClockAreaId } from '../../../../common/clock/area.ts';
import { areaName } from '../../../../common/clock/area-name.ts';
import type { Locale } from '../../../../common/i18n/locale.ts';

/**
 * The area `areaId` names, in `locale`. `dataName` is the definition's own name for the area: a
 * neighbourhood's name is data (taken from it); an id this cannot read keeps it as it is.
 * Undefined only when neither says anything: a neighbourhood's clock before its definition came.
 */
export function clockAreaName(areaId: string, locale: Locale, dataName?: string): string | undefined {
  const area = parseClockAreaId(areaId);
  if (!area) return dataName;
  if (area.kind === 'neighbourhood' && dataName === undefined) return undefined;
  return areaName(area, locale, dataName);
}
