import { Link, useSearch } from '@tanstack/react-router';
import { useEffect, useState, type CSSProperties } from 'react';
import { formatCount } from '../../../../common/clock/format.ts';
import { SYNTHETIC_DATA_NOTE } from '../../../../common/clock/police-definition.ts';
import { frameCounter, type ClockFrame } from './clockFrame.ts';
import { CategoryCard } from './CategoryCard.tsx';
import { ClockAnnouncer, EveryText, LiveIndicator, TickingCount } from './ClockParts.tsx';
import { ClockPending, useClockYear } from './ClockSections.tsx';
import { useFrame } from './frameContext.tsx';
import { isSyntheticData } from './clockText.ts';
import { StaleNotice } from './StaleNotice.tsx';
import { kioskGrid } from './kioskGrid.ts';
import { categoryName } from './categoryName.ts';
import { clockAreaName } from './clockAreaName.ts';
import { clockMessage } from './clockIntl.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import type { FeedState } from './feedState.ts';
import { MethodPanel } from './MethodPanel.tsx';
import { useIdle } from './useIdle.ts';
import { useWakeLock } from './useWakeLock.ts';

export interface ClockKioskProps {
  kind: 'csew' | 'police';
  title: string;
  /** Text above the number, given the clock's year (null until the first frame). */
  label: (year: number | null) => string;
  source: string;
  feed: FeedState;
  showPeakBadge?: boolean;
  exitTo: '/crime-clock' | '/police-crime-clock';
  /** The area shown (police clock), kept when leaving the wall-screen view. */
  area?: string;
  announce: (frame: ClockFrame) => string;
}

/**
 * The wall-screen view: one screen, no scrolling, digits readable across a room, the screen kept
 * awake, and the feed reconnecting by itself for as long as it runs.
 */
export function ClockKiosk({
  kind,
  title,
  label,
  source,
  feed,
  showPeakBadge = false,
  exitTo,
  area,
  announce,
}: ClockKioskProps) {
  useWakeLock(true);
  // `?theme=light` for a bright room; dark by default (clockSearch.ts).
  const { theme } = useSearch({ strict: false });
  const idle = useIdle(KIOSK_IDLE_MS);
  const year = useClockYear();
  const definition = feed.definition;
  const categories = definition?.categories ?? [];
  const grid = kioskGrid(categories.length);
  const synthetic = definition ? isSyntheticData(definition.meta) : false;
  const countChars = useFrame(totalCountChars, 1);
  const countDigits = useFrame(totalCountDigits, 1);
  // The counter is sized from its length so that it fills the width of any screen, and from the
  // rows of cards below it so that they keep the height their text needs (clocks.css).
  const layout = {
    '--kiosk-columns': grid.columns,
    '--kiosk-rows': grid.rows,
    '--kiosk-count-digits': countDigits,
    '--kiosk-count-separators': countChars - countDigits,
  } as CSSProperties;

  return (
    <div
      className={idle ? 'kiosk kiosk--idle' : 'kiosk'}
      data-theme={theme === 'light' ? 'light' : 'dark'}
      style={layout}
    >
      <header className="kiosk__top">
        <h1 className="kiosk__title">{title}</h1>
        {synthetic && (
          <p className="kiosk__synthetic" title={SYNTHETIC_DATA_NOTE}>
            {clockMessage(PAGE_LOCALE, 'clockWords.syntheticPlain')}
          </p>
        )}
        {kind === 'police' && definition && (
          <StaleNotice latestMonth={definition.meta.latestDataMonth} className="kiosk__stale" />
        )}
        <div className="kiosk__controls">
          <LiveIndicator status={feed.status} className="live-indicator--kiosk" />
          <FullScreenButton />
          <Link to={exitTo} search={area ? { area } : {}} className="kiosk__control">
            {clockMessage(PAGE_LOCALE, 'clocks.kiosk.exit')}
          </Link>
        </div>
      </header>
      <ClockAnnouncer describe={announce} />

      {definition ? (
        <>
          <section className="kiosk__hero" aria-labelledby="kiosk-label">
            <h2 id="kiosk-label" className="kiosk__label">
              {label(year)}
            </h2>
            <div className="kiosk__count-box">
              <TickingCount group="incidents" id={null} className="kiosk__count" />
            </div>
            <p className="kiosk__rate">
              <EveryText group="incidents" id={null} />
            </p>
            {definition.prevalence && definition.prevalence.length > 0 && (
              <p className="kiosk__secondary">
                {clockMessage(PAGE_LOCALE, 'clocks.kiosk.peopleAffected')}{' '}
                <TickingCount group="prevalence" id={null} className="kiosk__secondary-count" />{' '}
                <span className="kiosk__secondary-rate">
                  (<EveryText group="prevalence" id={null} what="exposure" />)
                </span>
              </p>
            )}
          </section>
          <ul className="kiosk__grid">
            {categories.map((c) => (
              <CategoryCard
                key={c.id}
                group="incidents"
                id={c.id}
                name={categoryName(kind, c.id, c.name, PAGE_LOCALE)}
                showPeakBadge={showPeakBadge}
              />
            ))}
          </ul>
        </>
      ) : (
        <div className="kiosk__pending">
          <ClockPending feed={feed} />
        </div>
      )}

      <footer className="kiosk__source">{clockMessage(PAGE_LOCALE, 'clocks.source', { source })}</footer>
      {definition && (
        <MethodPanel
          kind={kind}
          definition={definition}
          areaName={area === undefined ? undefined : clockAreaName(area, PAGE_LOCALE, definition.meta)}
          className="kiosk__method"
        />
      )}
    </div>
  );
}

/** The pointer hides after this long without moving: a wall screen shows no stray cursor. */
export const KIOSK_IDLE_MS = 3_000;

/** Characters of the count as shown: its digits and thousands separators. */
function totalCountChars(frame: ClockFrame): number {
  const total = frameCounter(frame, 'incidents', null);
  return total ? formatCount(total.value).length : 1;
}

/** Digits of the count (a separator is about half as wide as a digit). */
function totalCountDigits(frame: ClockFrame): number {
  const total = frameCounter(frame, 'incidents', null);
  return total ? formatCount(total.value).replace(/\D/g, '').length : 1;
}

function FullScreenButton() {
  const [fullScreen, setFullScreen] = useState(() => document.fullscreenElement !== null);
  useEffect(() => {
    const onChange = () => setFullScreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  if (!document.fullscreenEnabled || fullScreen) return null;
  return (
    <button
      type="button"
      className="kiosk__control"
      onClick={() => void document.documentElement.requestFullscreen().catch(() => undefined)}
    >
      {clockMessage(PAGE_LOCALE, 'clocks.kiosk.fullScreen')}
    </button>
  );
}
