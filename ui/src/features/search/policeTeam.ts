import type { Locale } from '../../../../common/i18n/locale.ts';
import { forceNameFor, labelWithForceName } from '../../../../common/police/force-name.ts';
import type { SearchResponse } from '../../../../common/search/types.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';

export interface PoliceTeam {
  forceId: string;
  neighbourhoodId?: string;
  label: string;
}

/**
 * The team to show: the neighbourhood's own team, or the force's senior officers. A radius search
 * names no force, so it takes the force that recorded most of the crimes on screen. The label
 * names the force in the page's language.
 */
export function teamFor(response: SearchResponse, locale: Locale = PAGE_LOCALE): PoliceTeam | null {
  const { area, searchType } = response.dataInfo;
  if (searchType === 'neighbourhood' && area.forceId && area.neighbourhoodId) {
    return {
      forceId: area.forceId,
      neighbourhoodId: area.neighbourhoodId,
      label: labelWithForceName(area.label, locale),
    };
  }
  let forceId = searchType === 'force' ? area.forceId : null;
  if (!forceId) {
    const counts = new Map<string, number>();
    for (const crime of response.data) counts.set(crime.force_id, (counts.get(crime.force_id) ?? 0) + 1);
    forceId = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  }
  if (!forceId) return null;
  return { forceId, label: forceNameFor(forceId, locale) };
}
