import { Link } from '@tanstack/react-router';
import { FormattedMessage } from 'react-intl';
import { formatCount } from '../../../../common/clock/format.ts';
import { SYNTHETIC_DATA_NOTE } from '../../../../common/clock/police-definition.ts';
import type { ClockDefinition } from '../../../../common/clock/types.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { forceNameFor } from '../../../../common/police/force-name.ts';
import { AreaPicker } from './AreaPicker.tsx';
import { clockAreaName } from './clockAreaName.ts';
import { CategoryCard } from './CategoryCard.tsx';
import { categoryName } from './categoryName.ts';
import { clockMessage } from './clockIntl.ts';
import type { ClockFrame } from './clockFrame.ts';
import { ClockKiosk } from './ClockKiosk.tsx';
import { ClockAnnouncer } from './ClockParts.tsx';
import { ClockHero, ClockPending, ClockToolbar, useClockYear } from './ClockSections.tsx';
import { exclusionReason, policeMethodWords } from './clockDataWords.ts';
import { GetDataStatus } from '../../../../common/contracts/data-status.ts';
import { freshnessOf } from '../../../../common/police/freshness.ts';
import { useEndpointQuery } from '../../shared/queries.ts';
import { instantLabel } from '../data-status/dataStatusText.ts';
import { StaleNotice } from './StaleNotice.tsx';
import { coverageWords } from './coverageWords.ts';
import { formatDate, formatMonth, isSyntheticData, otherNotes } from './clockText.ts';
import { FrameProvider } from './frameContext.tsx';
import { EmbedThisClock } from '../embed/EmbedThisClock.tsx';
import { LicenceText } from './LicenceText.tsx';
import { MethodPanel } from './MethodPanel.tsx';
import { policeClockLead } from './policeCoverage.ts';
import { useContactEmail } from './publicConfig.ts';
import { useLiveClock } from './useLiveClock.ts';
import { areaForceIds, silentForcesOf } from '../../../../common/alerts/offer.ts';
import { FollowArea } from '../alerts/FollowArea.tsx';
import './clocks.css';

const say = (id: Parameters<typeof clockMessage>[1], values?: Parameters<typeof clockMessage>[2]) =>
  clockMessage(PAGE_LOCALE, id, values);

/** The whole country, as the definition names it when every force reports (common/police-coverage). */
const NATIONAL = 'England and Wales';

/**
 * The area a message names: `{area}`, an area clock's name in the page's language (clockAreaName)
 * or the whole store's as the definition words it (English), and for the languages that word the
 * country themselves, `{scope}`: the whole country, some of its forces ({held} of {of}), or
 * another area (a force or a postcode).
 */
function areaValues(definition: ClockDefinition | null, areaId: string | undefined) {
  const area =
    (areaId === undefined ? undefined : clockAreaName(areaId, PAGE_LOCALE, definition?.meta)) ??
    definition?.meta.areaName ??
    NATIONAL;
  const coverage = definition?.meta.coverage;
  const some = coverage !== undefined && area === coverage.area && area !== NATIONAL;
  return {
    area,
    scope: area === NATIONAL ? 'national' : some ? 'some' : 'area',
    held: coverage?.territorialForces ?? 0,
    of: coverage?.ofTerritorialForces ?? 0,
  };
}

function describeTotalIn(
  definition: ClockDefinition | null,
  areaId: string | undefined,
): (frame: ClockFrame) => string {
  return (frame) =>
    say('clocks.police.announce', {
      total: formatCount(frame.incidents.total),
      year: String(frame.year),
      ...areaValues(definition, areaId),
    });
}

/** The national police clock, or with `area` (common/clock/area.ts) that area's own clock. */
export function PoliceClockPage({ kiosk, area }: { kiosk: boolean; area?: string }) {
  const { feed, frames } = useLiveClock('police', area);
  const definition = feed.definition;
  const describeTotal = describeTotalIn(definition, area);
  const areaName = area === undefined ? undefined : clockAreaName(area, PAGE_LOCALE, definition?.meta);

  return (
    <FrameProvider frames={frames}>
      {kiosk ? (
        <ClockKiosk
          kind="police"
          title={say('clockWords.police.title')}
          label={(year) =>
            say('clocks.police.label', {
              year: year === null ? '' : String(year),
              ...areaValues(definition, area),
            })
          }
          source={say('clocks.police.dataSource')}
          feed={feed}
          exitTo="/police-crime-clock"
          area={area}
          announce={describeTotal}
        />
      ) : (
        <div className="page clock-page">
          <PageHeader
            eyebrow={say('clocks.police.eyebrow')}
            title={say('clockWords.police.title')}
            lead={policeClockLead(definition?.meta ?? null, area !== undefined, PAGE_LOCALE)}
          >
            <ClockToolbar status={feed.status} kioskTo="/police-crime-clock" area={area} />
            {area && (
              <FollowArea
                areaId={area}
                label={areaName ?? area}
                silentForces={silentForcesOf(areaForceIds(area, definition?.meta.excludedForces ?? []))}
              />
            )}
          </PageHeader>
          <ClockAnnouncer describe={describeTotal} />
          {definition ? <PoliceClock definition={definition} area={area} /> : <ClockPending feed={feed} />}
          <AreaPicker area={area} areaName={areaName} />
          <EmbedThisClock kind="police" area={area} areaName={areaName} />
          <PoliceClockFooter />
        </div>
      )}
    </FrameProvider>
  );
}

function PoliceClock({ definition, area }: { definition: ClockDefinition; area: string | undefined }) {
  const year = useClockYear();
  const meta = definition.meta;
  return (
    <>
      {isSyntheticData(meta) && (
        <p className="clock-synthetic" role="note" title={SYNTHETIC_DATA_NOTE}>
          <FormattedMessage id="clocks.synthetic" values={{ strong: (words) => <strong>{words}</strong> }} />
        </p>
      )}
      <StaleNotice latestMonth={meta.latestDataMonth} className="clock-stale" />

      <ClockHero
        group="incidents"
        id="police-total"
        label={say('clocks.police.label', {
          year: year === null ? '' : String(year),
          ...areaValues(definition, area),
        })}
      />
      {meta.coverage && (
        <p className="clock-section__note" data-testid="police-coverage">
          <FormattedMessage
            id="clocks.police.covers"
            values={{
              strong: (words) => <strong>{words}</strong>,
              coverage: coverageWords(meta.coverage, PAGE_LOCALE),
            }}
          />
        </p>
      )}

      <section className="clock-section" aria-labelledby="police-categories">
        <header className="clock-section__head">
          <h2 id="police-categories">{say('clocks.categories')}</h2>
          <p className="clock-section__note">{say('clocks.police.categoriesNote')}</p>
        </header>
        {definition.categories.length > 0 ? (
          <ul className="clock-grid">
            {definition.categories.map((c) => (
              <CategoryCard
                key={c.id}
                group="incidents"
                id={c.id}
                name={categoryName('police', c.id, c.name, PAGE_LOCALE)}
              />
            ))}
          </ul>
        ) : (
          <p className="clock-section__note">{say('clocks.police.noCrimes')}</p>
        )}
      </section>

      <section className="clock-data-footer" aria-labelledby="police-sources">
        <h2 id="police-sources" className="clock-data-footer__title">
          {say('clocks.police.dataSources')}
        </h2>
        <dl className="clock-facts">
          <div>
            <dt>{say('clocks.facts.source')}</dt>
            <dd>
              <a href="https://data.police.uk/" rel="noopener noreferrer">
                {say('clocks.police.dataSource')}
              </a>
            </dd>
          </div>
          {meta.latestDataMonth && (
            <div>
              <dt>{say('clocks.facts.latestMonth')}</dt>
              <dd>{formatMonth(meta.latestDataMonth, PAGE_LOCALE)}</dd>
            </div>
          )}
          <FreshnessFacts fallbackLastUpdated={meta.lastUpdated} />
        </dl>
        <p className="clock-data-footer__note">
          <FormattedMessage
            id="clocks.howItCounts"
            values={{
              strong: (words) => <strong>{words}</strong>,
              method: policeMethodWords(meta, PAGE_LOCALE),
            }}
          />
        </p>
        {meta.excludedForces.map((force) => {
          const reason = exclusionReason(force, PAGE_LOCALE);
          return (
            <p key={force.id} className="clock-data-footer__note clock-excluded">
              <FormattedMessage
                id="clocks.police.excluded"
                values={{
                  strong: (words) => <strong>{words}</strong>,
                  force: forceNameFor(force.id, PAGE_LOCALE, force.name),
                  reason: reason.english ? <span lang="en-GB">{reason.text}</span> : reason.text,
                }}
              />
            </p>
          );
        })}
        {otherNotes(meta).map((note) => (
          <p key={note} className="clock-data-footer__note" lang="en-GB">
            {note}
          </p>
        ))}
        <p className="clock-data-footer__licence">
          <LicenceText id="clocks.licenceOgl" />
        </p>
        <p className="clock-data-footer__licence">
          {say('clocks.police.crown', { year: String(year ?? new Date().getFullYear()) })}
        </p>
      </section>
      <MethodPanel
        kind="police"
        definition={definition}
        areaName={area === undefined ? undefined : clockAreaName(area, PAGE_LOCALE, meta)}
      />
    </>
  );
}

/**
 * When the data last came in, when it was last checked for and when more may come, as the data
 * status says (GET /api/data-status): with scheduled updates off, no update is promised. Until the
 * status answers, the clock's own import time stands for "last updated".
 */
function FreshnessFacts({ fallbackLastUpdated }: { fallbackLastUpdated: string }) {
  const status = useEndpointQuery(GetDataStatus);
  const freshness = status.data ? freshnessOf(status.data, Date.now()) : null;
  const lastUpdated = freshness ? freshness.lastUpdated : fallbackLastUpdated;
  return (
    <>
      {lastUpdated && (
        <div>
          <dt>{say('clocks.facts.lastUpdated')}</dt>
          <dd>{formatDate(lastUpdated, PAGE_LOCALE)}</dd>
        </div>
      )}
      {freshness?.lastCheckAt && (
        <div>
          <dt>{say('freshness.lastChecked')}</dt>
          <dd>{instantLabel(freshness.lastCheckAt, PAGE_LOCALE)}</dd>
        </div>
      )}
      {freshness && (
        <div>
          <dt>{say('clocks.facts.nextUpdate')}</dt>
          <dd data-testid="next-update">
            {freshness.nextUpdate.kind === 'scheduled'
              ? say('freshness.nextCheck', { when: instantLabel(freshness.nextUpdate.at, PAGE_LOCALE) })
              : say('freshness.noneScheduled')}
          </dd>
        </div>
      )}
    </>
  );
}

function PoliceClockFooter() {
  // The address comes from the server's configuration (CONTACT_EMAIL); without one, no link.
  const contactEmail = useContactEmail();
  return (
    <nav className="clock-page-footer" aria-label={say('clockWords.police.title')}>
      <Link to="/privacy-policy">{say('clocks.police.privacy')}</Link>
      {contactEmail && (
        <a href={`mailto:${contactEmail}`}>{say('clocks.police.contact', { email: contactEmail })}</a>
      )}
    </nav>
  );
}
