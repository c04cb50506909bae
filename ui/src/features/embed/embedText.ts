import { formatCount } from '../../../../common/clock/format.ts';
import type { ClockKind } from '../../../../common/clock/types.ts';

export interface EmbedText {
  readonly title: string;
  /** The heading over the count, given " 2026" (or ""): the year belongs after "1 January". */
  readonly label: (year: string) => string;
  readonly source: string;
  /** More about the source, left out when the frame is too short for it (embed.css). */
  readonly sourceDetail: string;
  readonly fullPath: '/crime-clock' | '/police-crime-clock';
  /** What a screen reader hears now and then: the total, the year, and the area when there is one. */
  readonly announce: (total: number, year: number, coverage?: string) => string;
}

const TEXT: Readonly<Record<ClockKind, EmbedText>> = {
  csew: {
    title: 'CSEW Crime Clock',
    label: (year) =>
      `Estimated crimes in England and Wales since 1 January${year}, reported to the police or not`,
    source: 'Crime Survey for England and Wales (ONS)',
    sourceDetail: ', yearly estimate spread over the year',
    fullPath: '/crime-clock',
    announce: (total, year) =>
      `${formatCount(total)} crimes estimated in England and Wales since 1 January ${year}.`,
  },
  police: {
    title: 'Police Crime Clock',
    // No area is claimed until the definition says what the store covers (the label's coverage).
    label: (year) => `Crimes recorded by the police since 1 January${year}`,
    source: 'data.police.uk',
    sourceDetail: ' (police-recorded crime)',
    fullPath: '/police-crime-clock',
    announce: (total, year, coverage) =>
      `${formatCount(total)} police-recorded crimes since 1 January ${year}${coverage ? `: ${coverage}` : ''}.`,
  },
};

export function embedText(kind: ClockKind): EmbedText {
  return TEXT[kind];
}
