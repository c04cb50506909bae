import { useEffect, useRef, useState } from 'react';
import { formatCount } from '../../../../common/clock/format.ts';
import type { ClockKind } from '../../../../common/clock/types.ts';
import { cx } from '../../shared/ui/classNames.ts';
import type { ClockFrame } from '../clocks/clockFrame.ts';
import { ClockAnnouncer, EveryText, LiveIndicator, TickingCount } from '../clocks/ClockParts.tsx';
import { ClockPending, useClockYear } from '../clocks/ClockSections.tsx';
import { isSyntheticData } from '../clocks/clockText.ts';
import { FrameStoreProvider } from '../clocks/frameContext.tsx';
import { METHOD_PANEL_ID } from '../clocks/MethodPanel.tsx';
import { useLiveClock } from '../clocks/useLiveClock.ts';
import { reportHeight } from './embedHeight.ts';
import type { EmbedSearch, EmbedTheme } from './embedSearch.ts';
import '../clocks/clocks.css';
import './embed.css';

interface EmbedText {
  readonly title: string;
  /** The heading over the count, the year where it belongs: after "1 January". */
  readonly label: (year: string) => string;
  readonly source: string;
  /** More about the source, left out when the frame is too short for it (embed.css). */
  readonly sourceDetail: string;
  readonly fullPath: '/crime-clock' | '/police-crime-clock';
  readonly announce: (frame: ClockFrame) => string;
}

const TEXT: Readonly<Record<ClockKind, EmbedText>> = {
  csew: {
    title: 'CSEW Crime Clock',
    label: (year) =>
      `Estimated crimes in England and Wales since 1 January${year}, reported to the police or not`,
    source: 'Crime Survey for England and Wales (ONS)',
    sourceDetail: ', yearly estimate spread over the year',
    fullPath: '/crime-clock',
    announce: (frame) =>
      `${formatCount(frame.incidents.total)} crimes estimated in England and Wales since 1 January ${frame.year}.`,
  },
  police: {
    title: 'Police Crime Clock',
    // No area is claimed until the definition says what the store covers (EmbeddedClock).
    label: (year) => `Crimes recorded by the police since 1 January${year}`,
    source: 'data.police.uk',
    sourceDetail: ' (police-recorded crime)',
    fullPath: '/police-crime-clock',
    announce: (frame) =>
      `${formatCount(frame.incidents.total)} police-recorded crimes since 1 January ${frame.year}.`,
  },
};

export type EmbedOptions = Omit<EmbedSearch, 'area'>;

/** A clock for other sites' iframes: the headline count, its pace, the source and a way to the full clock. */
export function EmbedClock({
  kind,
  options,
  area,
}: {
  kind: ClockKind;
  options: EmbedOptions;
  area?: string;
}) {
  // Keyed by kind and area: one live feed per clock, never reused for another.
  return <EmbeddedClock key={`${kind}|${area ?? ''}`} kind={kind} options={options} areaId={area} />;
}

function EmbeddedClock({
  kind,
  options,
  areaId,
}: {
  kind: ClockKind;
  options: EmbedOptions;
  areaId?: string;
}) {
  const police = kind === 'police';
  const { feed, frames } = useLiveClock(kind, police ? areaId : undefined);
  const theme = useResolvedTheme(options.theme);
  const outer = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  useEffect(
    () => (outer.current && inner.current ? reportHeight(inner.current, outer.current) : undefined),
    [],
  );
  useTransparentPage(options.transparent);

  // An area clock names its area; the national one says what the store covers.
  const area = police
    ? areaId !== undefined
      ? feed.definition?.meta.areaName
      : feed.definition?.meta.coverage?.text
    : undefined;
  const fullPath =
    police && areaId ? `${TEXT[kind].fullPath}?area=${encodeURIComponent(areaId)}` : TEXT[kind].fullPath;
  const text: EmbedText = area
    ? {
        ...TEXT[kind],
        announce: (frame) =>
          `${formatCount(frame.incidents.total)} police-recorded crimes since 1 January ${frame.year}: ${area}.`,
      }
    : TEXT[kind];
  const synthetic = feed.definition ? isSyntheticData(feed.definition.meta) : false;
  return (
    <FrameStoreProvider store={frames}>
      <div
        ref={outer}
        className={cx(
          'embed clock-theme',
          `embed--${options.size}`,
          options.transparent && 'embed--transparent',
        )}
        data-theme={theme}
      >
        <div ref={inner} className="embed__inner">
          <div className="embed__top">
            <h1 className="embed__title">{text.title}</h1>
            <LiveIndicator status={feed.status} compact />
          </div>
          <ClockAnnouncer describe={text.announce} />
          {feed.definition ? (
            <div className="embed__clock">
              <EmbedLabel label={text.label} coverage={area} />
              <TickingCount group="incidents" id={null} className="embed__count" />
              <p className="embed__rate">
                <EveryText group="incidents" id={null} />
              </p>
              {synthetic && <p className="embed__synthetic">Sample data – not real police records</p>}
            </div>
          ) : (
            <ClockPending feed={feed} />
          )}
          <p className="embed__source">
            Source: {text.source}
            <span className="embed__source-detail">{text.sourceDetail}</span>.{' '}
            <a href={`${fullPath}#${METHOD_PANEL_ID}`} target="_blank" rel="noopener">
              How this is counted
            </a>{' '}
            ·{' '}
            <a href={fullPath} target="_blank" rel="noopener">
              Open the full clock
            </a>
          </p>
        </div>
      </div>
    </FrameStoreProvider>
  );
}

/** "… since 1 January 2026, …", then what the police data covers. */
function EmbedLabel({ label, coverage }: { label: EmbedText['label']; coverage?: string }) {
  const year = useClockYear();
  return (
    <p className="embed__label">
      {label(year === null ? '' : ` ${year}`)}
      {coverage ? `: ${coverage}` : ''}
    </p>
  );
}

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** `auto` follows the reader's system setting, and changes with it. */
function useResolvedTheme(theme: EmbedTheme): 'light' | 'dark' {
  const [systemDark, setSystemDark] = useState(() => window.matchMedia(DARK_QUERY).matches);
  useEffect(() => {
    if (theme !== 'auto') return;
    const query = window.matchMedia(DARK_QUERY);
    const onChange = () => setSystemDark(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [theme]);
  return theme === 'auto' ? (systemDark ? 'dark' : 'light') : theme;
}

/** With `transparent=1` the document itself paints nothing, so the host page shows through. */
function useTransparentPage(transparent: boolean) {
  useEffect(() => {
    if (!transparent) return;
    document.documentElement.classList.add('embed-page--transparent');
    return () => document.documentElement.classList.remove('embed-page--transparent');
  }, [transparent]);
}
