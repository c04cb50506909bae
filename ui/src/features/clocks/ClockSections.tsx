/** Parts both full clock pages share: the headline counter, the toolbar and the empty states. */
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { Alert } from '../../shared/ui/Alert.tsx';
import { buttonClass } from '../../shared/ui/Button.tsx';
import type { FrameGroupName } from './clockFrame.ts';
import type { ClockEvent } from './clockText.ts';
import { EveryText, LiveIndicator, TickingCount } from './ClockParts.tsx';
import type { FeedState } from './feedState.ts';
import { useFrame } from './frameContext.tsx';

export function useClockYear(): number | null {
  return useFrame((frame) => frame.year, null);
}

export interface ClockHeroProps {
  group: FrameGroupName;
  /** Text above the number, e.g. "Estimated crimes in England and Wales since 1 January 2026". */
  label: ReactNode;
  what?: ClockEvent;
  id?: string;
  className?: string;
}

export function ClockHero({ group, label, what = 'crime', id, className }: ClockHeroProps) {
  return (
    <section className={className ? `clock-hero ${className}` : 'clock-hero'} aria-labelledby={id}>
      <h2 id={id} className="clock-hero__label">
        {label}
      </h2>
      <TickingCount group={group} id={null} className="clock-hero__count" />
      <p className="clock-hero__rate">
        <EveryText group={group} id={null} what={what} />
      </p>
    </section>
  );
}

export function ClockToolbar({
  status,
  kioskTo,
  area,
  children,
}: {
  status: FeedState['status'];
  kioskTo: '/crime-clock' | '/police-crime-clock';
  /** The area shown, kept in the wall-screen view. */
  area?: string;
  children?: ReactNode;
}) {
  return (
    <div className="clock-toolbar">
      <LiveIndicator status={status} />
      <Link
        to={kioskTo}
        search={{ kiosk: 1, ...(area ? { area } : {}) }}
        className={buttonClass('secondary', 'sm')}
      >
        <FormattedMessage id="clocks.wallScreen" />
      </Link>
      {children}
    </div>
  );
}

/** What a page shows before it has a definition: a placeholder, or why there is none. */
export function ClockPending({ feed }: { feed: FeedState }) {
  const intl = useIntl();
  if (feed.error) {
    // An English page shows the API's own sentence (it can name the area); a Welsh one the code's words.
    const errorText =
      PAGE_LOCALE !== 'en' && feed.error.parts
        ? feed.error.parts.map(({ id, values }) => intl.formatMessage({ id }, values)).join(' ')
        : feed.error.message;
    if (feed.error.final) {
      // Asking again would not change the answer (an unknown area, no data there): no promise to.
      return (
        <Alert variant="destructive" title={<FormattedMessage id="clocks.pending.cannotShow" />}>
          <p>{errorText}</p>
          <p>
            <FormattedMessage id="clocks.pending.checkLink" />
          </p>
        </Alert>
      );
    }
    const noPoliceData = feed.error.code === 'NO_POLICE_DATA';
    return (
      <Alert
        variant="destructive"
        title={
          <FormattedMessage
            id={noPoliceData ? 'clocks.pending.noPoliceData' : 'clocks.pending.couldNotLoad'}
          />
        }
      >
        <p>{errorText}</p>
        <p>
          <FormattedMessage id="clocks.pending.keepsTrying" />
        </p>
      </Alert>
    );
  }
  return (
    <div className="clock-hero clock-hero--pending" aria-busy="true">
      <p className="clock-hero__label">
        <FormattedMessage id="clockWords.loading" />
      </p>
      <span className="clock-count clock-hero__count" aria-hidden="true">
        –
      </span>
    </div>
  );
}
