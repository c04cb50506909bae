import { useMemo } from 'react';
import { daysUntilLondonDate } from '../../../../common/clock/clock-data.ts';
import { formatCount } from '../../../../common/clock/format.ts';
import { londonHour } from '../../../../common/clock/london-time.ts';
import type { ClockDefinition } from '../../../../common/clock/types.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { Term } from '../glossary/Term.tsx';
import { CategoryCard } from './CategoryCard.tsx';
import type { ClockFrame } from './clockFrame.ts';
import { ClockKiosk } from './ClockKiosk.tsx';
import { ClockAnnouncer } from './ClockParts.tsx';
import { ClockHero, ClockPending, ClockToolbar, useClockYear } from './ClockSections.tsx';
import { calendarPeriodText, daysUntilText, formatDate } from './clockText.ts';
import { CsewClockActions } from './CsewClockActions.tsx';
import { FrameProvider, useFrame } from './frameContext.tsx';
import { EmbedThisClock } from '../embed/EmbedThisClock.tsx';
import { LicenceText } from './LicenceText.tsx';
import { MethodPanel } from './MethodPanel.tsx';
import { useLiveClock } from './useLiveClock.ts';
import './clocks.css';

function describeTotal(frame: ClockFrame): string {
  return `${formatCount(frame.incidents.total)} crimes estimated in England and Wales since 1 January ${frame.year}.`;
}

export function CsewClockPage({ kiosk }: { kiosk: boolean }) {
  const live = useLiveClock('csew');
  const { feed, frames } = live;
  const definition = feed.definition;

  return (
    <FrameProvider frames={frames}>
      {kiosk ? (
        <ClockKiosk
          kind="csew"
          title="CSEW Crime Clock"
          label="Estimated crimes in England and Wales since 1 January"
          source="Crime Survey for England and Wales, Office for National Statistics"
          feed={feed}
          showPeakBadge
          exitTo="/crime-clock"
          announce={describeTotal}
        />
      ) : (
        <div className="page clock-page">
          <PageHeader
            eyebrow="Crime Survey for England and Wales"
            title="CSEW Crime Clock"
            lead={
              <>
                A live estimate of crime in England and Wales since 1 January, from what people tell the Crime
                Survey for England and Wales (<Term id="csew" />
                ), including the many crimes never reported to the police.
              </>
            }
          >
            <ClockToolbar status={feed.status} kioskTo="/crime-clock">
              <CsewClockActions />
            </ClockToolbar>
          </PageHeader>
          <ClockAnnouncer describe={describeTotal} />
          {definition ? <CsewClock definition={definition} /> : <ClockPending feed={feed} />}
        </div>
      )}
    </FrameProvider>
  );
}

function CsewClock({ definition }: { definition: ClockDefinition }) {
  const year = useClockYear();
  return (
    <>
      <ClockHero
        group="incidents"
        id="csew-total"
        label={`Estimated crimes in ${definition.meta.areaName} since 1 January ${year ?? ''}`}
      />

      <section className="clock-section" aria-labelledby="csew-categories">
        <header className="clock-section__head">
          <h2 id="csew-categories">Crimes by category</h2>
          <PeakHourNote />
        </header>
        <ul className="clock-grid">
          {definition.categories.map((c) => (
            <CategoryCard key={c.id} group="incidents" id={c.id} name={c.name} showPeakBadge />
          ))}
        </ul>
      </section>

      {definition.prevalence && definition.prevalence.length > 0 && (
        <PrevalenceSection definition={definition} year={year} />
      )}

      <CsewDataFooter definition={definition} year={year} />
      <MethodPanel kind="csew" definition={definition} />
      <EmbedThisClock kind="csew" />
    </>
  );
}

function PeakHourNote() {
  // The London hour decides peak and off-peak; read at the server's time, as the model does.
  const hour = useFrame((frame) => londonHour(frame.serverNowMs), null);
  return (
    <p className="clock-section__note">
      Each crime runs faster than its yearly average in its busiest hours of the day (
      <Term id="peak">PEAK</Term>) and slower outside them (OFF-PEAK), by the time in the UK
      {hour === null
        ? ''
        : `, now ${String(hour).padStart(2, '0')}:00–${String((hour + 1) % 24).padStart(2, '0')}:00`}
      . FASTER and slower mark cards running more than 10 % above or below their average.
    </p>
  );
}

function PrevalenceSection({ definition, year }: { definition: ClockDefinition; year: number | null }) {
  return (
    <section className="clock-section clock-prevalence" aria-labelledby="csew-prevalence">
      <header className="clock-section__head">
        <h2 id="csew-prevalence">People affected since 1 January {year ?? ''}</h2>
        <p className="clock-section__note">
          How many people have experienced each of these crimes so far this calendar year, from the survey’s
          yearly <Term id="prevalence">prevalence</Term> estimates. The count below adds the kinds of crime up
          as <Term id="exposures">exposures</Term>.
        </p>
      </header>
      <ClockHero
        group="prevalence"
        label="Exposures so far this year, all categories"
        what="exposure"
        className="clock-hero--secondary"
      />
      <ul className="clock-grid">
        {definition.prevalence?.map((c) => (
          <CategoryCard key={c.id} group="prevalence" id={c.id} name={c.name} what="person affected" />
        ))}
      </ul>
      <ul className="clock-warnings" aria-label="How to read the prevalence figures">
        {(definition.meta.survey?.prevalenceWarnings ?? []).map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </section>
  );
}

function CsewDataFooter({ definition, year }: { definition: ClockDefinition; year: number | null }) {
  const meta = definition.meta;
  // Re-read once a minute: "days until the next update" moves on while a wall screen runs for weeks.
  const minute = useFrame((frame) => Math.floor(frame.serverNowMs / 60_000), null);
  const daysUntil = useMemo(
    () =>
      minute === null || meta.nextUpdateDate === null
        ? null
        : daysUntilLondonDate(meta.nextUpdateDate, minute * 60_000),
    [meta.nextUpdateDate, minute],
  );
  const due = daysUntil !== null && daysUntil > 0 ? daysUntilText(daysUntil) : null;
  // The announced date has come: ONS has probably published the next edition, not yet loaded here.
  const overdue = daysUntil === 0;

  return (
    <footer className="clock-data-footer" aria-label="About the survey figures">
      <dl className="clock-facts">
        <div>
          <dt>Data source</dt>
          <dd>
            <a href={meta.sourceUrl} rel="noopener noreferrer">
              {meta.dataSource}
            </a>
          </dd>
        </div>
        <div>
          <dt>Calendar year</dt>
          <dd>{year === null ? '' : calendarPeriodText(year)}</dd>
        </div>
        <div>
          <dt>Next update</dt>
          <dd>
            {overdue && meta.nextUpdateDate ? (
              <span data-testid="newer-release">
                A newer release may be available: ONS announced the {meta.nextUpdate} figures for{' '}
                {formatDate(meta.nextUpdateDate)}, and these are the figures loaded here.
              </span>
            ) : (
              <>
                {meta.nextUpdate}
                {meta.nextUpdateDate &&
                  ` (ONS release ${formatDate(meta.nextUpdateDate)}${due ? `, ${due}` : ''})`}
              </>
            )}
          </dd>
        </div>
        <div>
          <dt>Last updated</dt>
          <dd>{formatDate(meta.lastUpdated)}</dd>
        </div>
      </dl>
      <p className="clock-data-footer__note">
        <strong>About the survey.</strong> {meta.survey?.note}
      </p>
      <p className="clock-data-footer__note">
        <strong>How the clock counts.</strong> {meta.dataMethod}.
      </p>
      <p className="clock-data-footer__licence">
        <LicenceText text={meta.survey?.licence ?? ''} />
      </p>
    </footer>
  );
}
