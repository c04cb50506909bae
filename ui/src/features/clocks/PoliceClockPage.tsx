import { Link } from '@tanstack/react-router';
import { formatCount } from '../../../../common/clock/format.ts';
import { SYNTHETIC_DATA_NOTE } from '../../../../common/clock/police-definition.ts';
import type { ClockDefinition } from '../../../../common/clock/types.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { AreaPicker } from './AreaPicker.tsx';
import { CategoryCard } from './CategoryCard.tsx';
import type { ClockFrame } from './clockFrame.ts';
import { ClockKiosk } from './ClockKiosk.tsx';
import { ClockAnnouncer } from './ClockParts.tsx';
import { ClockHero, ClockPending, ClockToolbar, useClockYear } from './ClockSections.tsx';
import { formatDate, formatMonth, isSyntheticData, otherNotes } from './clockText.ts';
import { FrameProvider } from './frameContext.tsx';
import { EmbedThisClock } from '../embed/EmbedThisClock.tsx';
import { LicenceText } from './LicenceText.tsx';
import { MethodPanel } from './MethodPanel.tsx';
import { policeClockLead } from './policeCoverage.ts';
import { useContactEmail } from './publicConfig.ts';
import { useLiveClock } from './useLiveClock.ts';
import { AreaAlerts } from '../alerts/AreaAlerts.tsx';
import './clocks.css';

const OGL_ATTRIBUTION = 'Contains public sector information licensed under the Open Government Licence v3.0.';

/** The area the store covers ("7 of 43 forces in England and Wales" until all forces report). */
function areaOf(definition: ClockDefinition | null): string {
  return definition?.meta.areaName ?? 'England and Wales';
}

function describeTotalIn(area: string): (frame: ClockFrame) => string {
  return (frame) =>
    `${formatCount(frame.incidents.total)} police-recorded crimes in ${area} since 1 January ${frame.year}.`;
}

/** The national police clock, or with `area` (common/clock/area.ts) that area's own clock. */
export function PoliceClockPage({ kiosk, area }: { kiosk: boolean; area?: string }) {
  const { feed, frames } = useLiveClock('police', area);
  const definition = feed.definition;
  const describeTotal = describeTotalIn(areaOf(definition));

  return (
    <FrameProvider frames={frames}>
      {kiosk ? (
        <ClockKiosk
          kind="police"
          title="Police Crime Clock"
          label={`Police-recorded crimes in ${areaOf(definition)} since 1 January`}
          source={definition ? definition.meta.dataSource : 'data.police.uk'}
          feed={feed}
          exitTo="/police-crime-clock"
          area={area}
          announce={describeTotal}
        />
      ) : (
        <div className="page clock-page">
          <PageHeader
            eyebrow="Police-recorded crime"
            title="Police Crime Clock"
            lead={policeClockLead(definition?.meta ?? null, area !== undefined)}
          >
            <ClockToolbar status={feed.status} kioskTo="/police-crime-clock" area={area} />
          </PageHeader>
          <ClockAnnouncer describe={describeTotal} />
          {definition ? <PoliceClock definition={definition} /> : <ClockPending feed={feed} />}
          <AreaPicker area={area} areaName={definition?.meta.areaName} />
          <EmbedThisClock kind="police" area={area} areaName={area ? definition?.meta.areaName : undefined} />
          {area && <AreaAlerts areaId={area} label={definition?.meta.areaName ?? area} />}
          <PoliceClockFooter />
        </div>
      )}
    </FrameProvider>
  );
}

function PoliceClock({ definition }: { definition: ClockDefinition }) {
  const year = useClockYear();
  const meta = definition.meta;
  return (
    <>
      {isSyntheticData(meta) && (
        <p className="clock-synthetic" role="note" title={SYNTHETIC_DATA_NOTE}>
          <strong>Sample data</strong> – not real police records
        </p>
      )}

      <ClockHero
        group="incidents"
        id="police-total"
        label={`Police-recorded crimes in ${meta.areaName} since 1 January ${year ?? ''}`}
      />
      {meta.coverage && (
        <p className="clock-section__note" data-testid="police-coverage">
          <strong>Covers:</strong> {meta.coverage.text}.
        </p>
      )}

      <section className="clock-section" aria-labelledby="police-categories">
        <header className="clock-section__head">
          <h2 id="police-categories">Crimes by category</h2>
          <p className="clock-section__note">
            Each category runs at its share of the recorded crime of the latest months, faster at the times of
            day it is most often committed.
          </p>
        </header>
        {definition.categories.length > 0 ? (
          <ul className="clock-grid">
            {definition.categories.map((c) => (
              <CategoryCard key={c.id} group="incidents" id={c.id} name={c.name} />
            ))}
          </ul>
        ) : (
          <p className="clock-section__note">
            The imported data has no recorded crimes in the latest months.
          </p>
        )}
      </section>

      <section className="clock-data-footer" aria-labelledby="police-sources">
        <h2 id="police-sources" className="clock-data-footer__title">
          Data sources
        </h2>
        <dl className="clock-facts">
          <div>
            <dt>Source</dt>
            <dd>
              <a href="https://data.police.uk/" rel="noopener noreferrer">
                {meta.dataSource}
              </a>
            </dd>
          </div>
          {meta.latestDataMonth && (
            <div>
              <dt>Latest data month</dt>
              <dd>{formatMonth(meta.latestDataMonth)}</dd>
            </div>
          )}
          <div>
            <dt>Last updated</dt>
            <dd>{formatDate(meta.lastUpdated)}</dd>
          </div>
          <div>
            <dt>Next update</dt>
            <dd>{meta.nextUpdate}</dd>
          </div>
        </dl>
        <p className="clock-data-footer__note">
          <strong>How the clock counts.</strong> {meta.dataMethod}.
        </p>
        {meta.excludedForces.map((force) => (
          <p key={force.id} className="clock-data-footer__note clock-excluded">
            <strong>Excluded:</strong> {force.name} ({force.reason})
          </p>
        ))}
        {otherNotes(meta).map((note) => (
          <p key={note} className="clock-data-footer__note">
            {note}
          </p>
        ))}
        <p className="clock-data-footer__licence">
          <LicenceText text={OGL_ATTRIBUTION} />
        </p>
        <p className="clock-data-footer__licence">
          © Crown copyright and database right {year ?? new Date().getFullYear()}. Police data from
          data.police.uk, published by the Home Office.
        </p>
      </section>
      <MethodPanel kind="police" definition={definition} />
    </>
  );
}

function PoliceClockFooter() {
  // The address comes from the server's configuration (CONTACT_EMAIL); without one, no link.
  const contactEmail = useContactEmail();
  return (
    <nav className="clock-page-footer" aria-label="Police Crime Clock">
      <Link to="/privacy-policy">Privacy Policy</Link>
      {contactEmail && <a href={`mailto:${contactEmail}`}>Contact us ({contactEmail})</a>}
    </nav>
  );
}
