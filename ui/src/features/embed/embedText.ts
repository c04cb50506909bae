import { formatCount } from '../../../../common/clock/format.ts';
import type { ClockKind } from '../../../../common/clock/types.ts';
import { localizedPath, type Locale } from '../../../../common/i18n/locale.ts';
import { wordMessage as clockMessage } from '../clocks/clockWords.ts';

export interface EmbedText {
  readonly title: string;
  /** The heading over the count, with the year once known and what the police data covers. */
  readonly label: (year: number | null, coverage?: string) => string;
  /** "Source: …", with more about it left out when the frame is too short for it (embed.css). */
  readonly source: string;
  readonly sourceDetail: string;
  /** The full clock in the embed's language (`/cy/crime-clock` for Welsh). */
  readonly fullPath: string;
  /** What a screen reader hears now and then: the total, the year, and the area when there is one. */
  readonly announce: (total: number, year: number, coverage?: string) => string;
}

/** The embed's words in its language (`?lang=cy`), from the clocks' and the embed's message files. */
export function embedText(kind: ClockKind, locale: Locale = 'en'): EmbedText {
  const say = (id: Parameters<typeof clockMessage>[1], values?: Parameters<typeof clockMessage>[2]) =>
    clockMessage(locale, id, values);
  const year = (value: number | null) => (value === null ? 'none' : String(value));
  if (kind === 'csew') {
    return {
      title: say('clockWords.csew.title'),
      label: (value) => say('embed.csew.label', { year: year(value) }),
      source: say('embed.csew.source'),
      sourceDetail: say('embed.csew.sourceDetail'),
      fullPath: localizedPath('/crime-clock', locale),
      announce: (total, value) =>
        say('clockWords.csew.announce', { total: formatCount(total), year: String(value) }),
    };
  }
  return {
    title: say('clockWords.police.title'),
    // No area is claimed until the definition says what the store covers (the label's coverage).
    label: (value, coverage) =>
      say('embed.police.label', { year: year(value), coverage: coverage ?? 'none' }),
    source: say('embed.police.source'),
    sourceDetail: say('embed.police.sourceDetail'),
    fullPath: localizedPath('/police-crime-clock', locale),
    announce: (total, value, coverage) =>
      say('embed.police.announce', {
        total: formatCount(total),
        year: String(value),
        coverage: coverage ?? 'none',
      }),
  };
}
