import { useMemo } from 'react';
import { FormattedMessage } from 'react-intl';
import { daysUntilLondonDate } from '../../../../common/clock/clock-data.ts';
import { formatCount } from '../../../../common/clock/format.ts';
import { londonHour } from '../../../../common/clock/london-time.ts';
import type { ClockDefinition } from '../../../../common/clock/types.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { Term } from '../glossary/Term.tsx';
import { CategoryCard } from './CategoryCard.tsx';
import { categoryName } from './categoryName.ts';
import { clockMessage } from './clockIntl.ts';
import type { ClockFrame } from './clockFrame.ts';
import { ClockKiosk } from './ClockKiosk.tsx';
import { ClockAnnouncer } from './ClockParts.tsx';
import { ClockHero, ClockPending, ClockToolbar, useClockYear } from './ClockSections.tsx';
import { englishLang, nextUpdateWords, surveyWords } from './clockDataWords.ts';
import { calendarPeriodText, daysUntilText, formatDate, formatMonth } from './clockText.ts';
import { CsewClockActions } from './CsewClockActions.tsx';
import { FrameProvider, useFrame } from './frameContext.tsx';
import { EmbedThisClock } from '../embed/EmbedThisClock.tsx';
import { LicenceText } from './LicenceText.tsx';
import { MethodPanel } from './MethodPanel.tsx';
import { useLiveClock } from './useLiveClock.ts';
import './clocks.css';

function describeTotal(frame: ClockFrame): string {
  return clockMessage(PAGE_LOCALE, 'clockWords.csew.announce', {
    total: formatCount(frame.incidents.total),
    year: String(frame.year),
  });
}

const say = (id: Parameters<typeof clockMessage>[1], values?: Parameters<typeof clockMessage>[2]) =>
  clockMessage(PAGE_LOCALE, id, values);

export function CsewClockPage({ kiosk }: { kiosk: boolean }) {
  const live = useLiveClock('csew');
  const { feed, frames } = live;
  const definition = feed.definition;

  return (
    <FrameProvider frames={frames}>
      {kiosk ? (
        <ClockKiosk
          kind="csew"
          title={say('clockWords.csew.title')}
          label={(year) => say('clocks.csew.label', { year: year === null ? '' : String(year) })}
          source={say('clocks.csew.kioskSource')}
          feed={feed}
          showPeakBadge
          exitTo="/crime-clock"
          announce={describeTotal}
        />
      ) : (
        <div className="page clock-page">
          <PageHeader
            eyebrow={say('clocks.csew.eyebrow')}
            title={say('clockWords.csew.title')}
            lead={<FormattedMessage id="clocks.csew.lead" values={{ term: () => <Term id="csew" /> }} />}
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
        label={say('clocks.csew.label', { year: year === null ? '' : String(year) })}
      />

      <section className="clock-section" aria-labelledby="csew-categories">
        <header className="clock-section__head">
          <h2 id="csew-categories">
            <FormattedMessage id="clocks.categories" />
          </h2>
          <PeakHourNote />
        </header>
        <ul className="clock-grid">
          {definition.categories.map((c) => (
            <CategoryCard
              key={c.id}
              group="incidents"
              id={c.id}
              name={categoryName('csew', c.id, c.name, PAGE_LOCALE)}
              showPeakBadge
            />
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
      <FormattedMessage
        id="clocks.csew.peakNote"
        values={{
          peak: (word) => <Term id="peak">{word}</Term>,
          hours:
            hour === null
              ? 'none'
              : `${String(hour).padStart(2, '0')}:00–${String((hour + 1) % 24).padStart(2, '0')}:00`,
        }}
      />
    </p>
  );
}

function PrevalenceSection({ definition, year }: { definition: ClockDefinition; year: number | null }) {
  return (
    <section className="clock-section clock-prevalence" aria-labelledby="csew-prevalence">
      <header className="clock-section__head">
        <h2 id="csew-prevalence">
          <FormattedMessage
            id="clocks.csew.prevalenceHeading"
            values={{ year: year === null ? '' : String(year) }}
          />
        </h2>
        <p className="clock-section__note">
          <FormattedMessage
            id="clocks.csew.prevalenceNote"
            values={{
              prevalence: (word) => <Term id="prevalence">{word}</Term>,
              exposures: (word) => <Term id="exposures">{word}</Term>,
            }}
          />
        </p>
      </header>
      <ClockHero
        group="prevalence"
        label={say('clocks.csew.exposuresLabel')}
        what="exposure"
        className="clock-hero--secondary"
      />
      <ul className="clock-grid">
        {definition.prevalence?.map((c) => (
          <CategoryCard
            key={c.id}
            group="prevalence"
            id={c.id}
            name={categoryName('csew', c.id, c.name, PAGE_LOCALE)}
            what="person"
          />
        ))}
      </ul>
      <ul className="clock-warnings" aria-label={say('clocks.csew.warningsLabel')}>
        {surveyWords(definition.meta, PAGE_LOCALE).prevalenceWarnings.map((warning) => (
          <li key={warning.text} lang={englishLang(warning)}>
            {warning.text}
          </li>
        ))}
      </ul>
    </section>
  );
}

function CsewDataFooter({ definition, year }: { definition: ClockDefinition; year: number | null }) {
  const meta = definition.meta;
  const words = surveyWords(meta, PAGE_LOCALE);
  // Re-read once a minute: "days until the next update" moves on while a wall screen runs for weeks.
  const minute = useFrame((frame) => Math.floor(frame.serverNowMs / 60_000), null);
  const daysUntil = useMemo(
    () =>
      minute === null || meta.nextUpdateDate === null
        ? null
        : daysUntilLondonDate(meta.nextUpdateDate, minute * 60_000),
    [meta.nextUpdateDate, minute],
  );
  const due = daysUntil !== null && daysUntil > 0 ? daysUntilText(daysUntil, PAGE_LOCALE) : null;

  // The announced date has come: ONS has probably published the next edition, not yet loaded here.
  const overdue = daysUntil === 0;

  return (
    <footer className="clock-data-footer" aria-label={say('clocks.csew.footerLabel')}>
      <dl className="clock-facts">
        <div>
          <dt>{say('clocks.facts.dataSource')}</dt>
          <dd>
            <a href={meta.sourceUrl} rel="noopener noreferrer">
              {say('clocks.csew.dataSource')}
            </a>
          </dd>
        </div>
        {meta.yearEnding && (
          <div>
            <dt>{say('freshness.surveyPeriod')}</dt>
            <dd data-testid="survey-period">
              {say('clocks.data.edition', { month: formatMonth(meta.yearEnding, PAGE_LOCALE) })}
            </dd>
          </div>
        )}
        <div>
          <dt>{say('clocks.facts.calendarYear')}</dt>
          <dd>{year === null ? '' : calendarPeriodText(year, PAGE_LOCALE)}</dd>
        </div>
        <div>
          <dt>{say('clocks.facts.nextUpdate')}</dt>
          <dd>
            {overdue && meta.nextUpdateDate ? (
              <span data-testid="newer-release">
                {say('clocks.csew.newerRelease', {
                  edition: nextUpdateWords(meta, PAGE_LOCALE),
                  date: formatDate(meta.nextUpdateDate, PAGE_LOCALE),
                })}
              </span>
            ) : meta.nextUpdateDate ? (
              say('clocks.csew.nextRelease', {
                edition: nextUpdateWords(meta, PAGE_LOCALE),
                date: formatDate(meta.nextUpdateDate, PAGE_LOCALE),
                due: due ?? 'none',
              })
            ) : (
              nextUpdateWords(meta, PAGE_LOCALE)
            )}
          </dd>
        </div>
        <div>
          <dt>{say('clocks.facts.lastUpdated')}</dt>
          <dd>{formatDate(meta.lastUpdated, PAGE_LOCALE)}</dd>
        </div>
      </dl>
      <p className="clock-data-footer__note">
        <FormattedMessage
          id="clocks.csew.aboutSurvey"
          values={{
            strong: (words) => <strong>{words}</strong>,
            note: <span lang={englishLang(words.note)}>{words.note?.text ?? ''}</span>,
          }}
        />
      </p>
      <p className="clock-data-footer__note">
        <FormattedMessage
          id="clocks.howItCounts"
          values={{
            strong: (words) => <strong>{words}</strong>,
            method: <span lang={englishLang(words.dataMethod)}>{words.dataMethod.text}</span>,
          }}
        />
      </p>
      <p className="clock-data-footer__licence">
        <LicenceText id="clocks.csew.licence" />
      </p>
    </footer>
  );
}
