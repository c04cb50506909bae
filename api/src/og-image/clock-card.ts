import { formatCount } from '../../../common/clock/format.ts';
import type { ClockData } from '../../../common/clock/types.ts';
import { INTL_LOCALE, type Locale } from '../../../common/i18n/locale.ts';
import { isMonthText } from '../../../common/search/months.ts';
import { CLOCK_IMAGE, siteName } from '../../../common/site/page-metadata.ts';
import { sharingWord } from '../../../common/site/sharing-words.ts';

/** What a clock's preview image says: its name, the count so far this year, the source and date. */
export interface ClockCard {
  clockName: string;
  /** ClockData at the instant the image is drawn. */
  data: Pick<ClockData, 'totalCrimes' | 'year' | 'areaName' | 'latestDataMonth'>;
  source: string;
  /** The instant the count is for. */
  at: number;
  /** The language of the page the image previews (English when absent). */
  locale?: Locale;
  /** Drawn from the synthetic sample: the card says so in a band across its top. */
  synthetic?: boolean;
}

/**
 * London's wall clock by Intl: the image is drawn on the server, whose ICU holds the zone's rules
 * (the clocks themselves keep common/clock/london-time.ts, which must agree with every browser).
 */
const UK_TIME = Object.fromEntries(
  (['en', 'cy'] as const).map((locale) => [
    locale,
    new Intl.DateTimeFormat(INTL_LOCALE[locale], {
      timeZone: 'Europe/London',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }),
  ]),
) as Record<Locale, Intl.DateTimeFormat>;

/**
 * "26 November 2026, 18:05 UK time", "26 Tachwedd 2026, 18:05 amser y DU" (from the parts, as ICU
 * versions join them differently).
 */
export function ukTimeText(at: number, locale: Locale = 'en'): string {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of UK_TIME[locale].formatToParts(at)) part[type] = value;
  return sharingWord(locale, 'sharing.image.time', {
    date: `${part.day} ${part.month} ${part.year}`,
    time: `${part.hour}:${part.minute}`,
  });
}

/** "September 2025", "Medi 2025" for 2025-09; other text as it is. */
function monthWords(month: string, locale: Locale): string {
  if (!isMonthText(month)) return month;
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(year, m - 1, 1));
}

/** Text for SVG (XML): element content. */
function xmlText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** At most `max` characters, an ellipsis marking the cut. */
function fit(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/**
 * The card as SVG, 1200×630 (the size link previews show best). Text sizes are chosen for the
 * longest texts we have (a neighbourhood's name, the survey's source line); longer ones are cut.
 */
export function clockCardSvg(card: ClockCard): string {
  const { width, height } = CLOCK_IMAGE;
  const locale = card.locale ?? 'en';
  const count = formatCount(card.data.totalCrimes);
  const countSize = count.length > 11 ? 120 : 150;
  const dataTo = card.data.latestDataMonth
    ? ` · ${sharingWord(locale, 'sharing.image.dataTo', { month: monthWords(card.data.latestDataMonth, locale) })}`
    : '';
  const lines = [
    ...(card.synthetic
      ? [
          {
            y: 40,
            size: 28,
            weight: 700,
            fill: '#1e3a8a',
            text: sharingWord(locale, 'sharing.synthetic.label'),
          },
        ]
      : []),
    { y: 96, size: 34, weight: 600, fill: '#bfdbfe', text: siteName(locale).toUpperCase() },
    { y: 168, size: 52, weight: 700, fill: '#ffffff', text: fit(card.clockName, 40) },
    { y: 226, size: 36, weight: 400, fill: '#dbeafe', text: fit(card.data.areaName, 56) },
    { y: 400, size: countSize, weight: 700, fill: '#ffffff', text: count },
    {
      y: 462,
      size: 36,
      weight: 400,
      fill: '#dbeafe',
      text: sharingWord(locale, 'sharing.image.count', { year: String(card.data.year) }),
    },
    {
      y: 540,
      size: 26,
      weight: 400,
      fill: '#bfdbfe',
      text: fit(sharingWord(locale, 'sharing.image.source', { source: card.source }), 80),
    },
    { y: 580, size: 26, weight: 400, fill: '#bfdbfe', text: `${ukTimeText(card.at, locale)}${dataTo}` },
  ];
  const texts = lines.map(
    (l) =>
      `<text x="72" y="${l.y}" font-family="Inter" font-size="${l.size}" font-weight="${l.weight}" fill="${l.fill}">${xmlText(l.text)}</text>`,
  );
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="#1e3a8a"/>`,
    `<rect x="0" y="0" width="16" height="${height}" fill="#f59e0b"/>`,
    // The band under the synthetic sample's words: the whole width, so a cropped preview keeps it.
    ...(card.synthetic ? [`<rect x="0" y="0" width="${width}" height="56" fill="#f59e0b"/>`] : []),
    ...texts,
    '</svg>',
  ].join('\n');
}
