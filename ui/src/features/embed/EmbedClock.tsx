import { formatCount } from '../../../../common/clock/format.ts';
import type { ClockKind } from '../../../../common/clock/types.ts';
import type { ClockFrame } from '../clocks/clockFrame.ts';
import { ClockAnnouncer, EveryText, LiveIndicator, TickingCount } from '../clocks/ClockParts.tsx';
import { ClockPending, useClockYear } from '../clocks/ClockSections.tsx';
import { isSyntheticData } from '../clocks/clockText.ts';
import { FrameStoreProvider } from '../clocks/frameContext.tsx';
import { useLiveClock } from '../clocks/useLiveClock.ts';
import type { EmbedTheme } from './embedSearch.ts';
import '../clocks/clocks.css';
import './embed.css';

interface EmbedText {
  readonly title: string;
  readonly label: string;
  readonly source: string;
  readonly fullPath: '/crime-clock' | '/police-crime-clock';
  readonly announce: (frame: ClockFrame) => string;
}

const TEXT: Readonly<Record<ClockKind, EmbedText>> = {
  csew: {
    title: 'CSEW Crime Clock',
    label: 'Estimated crimes in England and Wales since 1 January, reported to the police or not',
    source: 'Crime Survey for England and Wales (ONS), yearly estimate spread over the year',
    fullPath: '/crime-clock',
    announce: (frame) =>
      `${formatCount(frame.incidents.total)} crimes estimated in England and Wales since 1 January ${frame.year}.`,
  },
  police: {
    title: 'Police Crime Clock',
    // No area is claimed until the definition says what the store covers (EmbeddedClock).
    label: 'Crimes recorded by the police since 1 January',
    source: 'police-recorded crime, data.police.uk',
    fullPath: '/police-crime-clock',
    announce: (frame) =>
      `${formatCount(frame.incidents.total)} police-recorded crimes since 1 January ${frame.year}.`,
  },
};

/** A clock for other sites' iframes: the headline count, its pace, the source and a way to the full clock. */
export function EmbedClock({ kind, theme, area }: { kind: ClockKind; theme: EmbedTheme; area?: string }) {
  // Keyed by kind and area: one live feed per clock, never reused for another.
  return <EmbeddedClock key={`${kind}|${area ?? ''}`} kind={kind} theme={theme} areaId={area} />;
}

function EmbeddedClock({ kind, theme, areaId }: { kind: ClockKind; theme: EmbedTheme; areaId?: string }) {
  const police = kind === 'police';
  const { feed, frames } = useLiveClock(kind, police ? areaId : undefined);
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
        label: 'Crimes recorded by the police since 1 January',
        announce: (frame) =>
          `${formatCount(frame.incidents.total)} police-recorded crimes since 1 January ${frame.year}: ${area}.`,
      }
    : TEXT[kind];
  const synthetic = feed.definition ? isSyntheticData(feed.definition.meta) : false;
  return (
    <FrameStoreProvider store={frames}>
      <div className="embed clock-theme" data-theme={theme}>
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
          Source: {text.source}.{' '}
          <a href={fullPath} target="_blank" rel="noopener">
            Open the full clock
          </a>
        </p>
      </div>
    </FrameStoreProvider>
  );
}

/** "… since 1 January 2026", then what the police data covers: the year belongs to the date, not to the area. */
function EmbedLabel({ label, coverage }: { label: string; coverage?: string }) {
  const year = useClockYear();
  return (
    <p className="embed__label">
      {label} {year ?? ''}
      {coverage ? `: ${coverage}` : ''}
    </p>
  );
}
