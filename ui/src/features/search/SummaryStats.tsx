import type { ReactNode } from 'react';
import type { MessageId } from '../../../../common/i18n/messages.ts';
import { useIntl, type IntlShape } from 'react-intl';
import type { SearchResponse } from '../../../../common/search/types.ts';
import { rateWithheld } from '../../../../common/search/silent-forces.ts';
import { MIN_CRIMES_TO_COMPARE, STABLE_THRESHOLD_PERCENT } from '../../../../common/search/trend.ts';
import { noDataReason } from './noDataReason.ts';
import { FigureDefinitions, type FigureDefinition } from './FigureDefinitions.tsx';
import { rateMonths } from './rateMonths.ts';
import { formatCount, formatDecimal, formatRate } from './searchFormat.ts';
import { TrendIndicator } from './TrendIndicator.tsx';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { areaLabel, periodLabel, silentAreaWords, withheldReason } from './searchWords.ts';

/** The headline figures of a search, under a banner naming the area, the period and the radius. */
export function SummaryStats({ response }: { response: SearchResponse }) {
  const { stats, dataInfo } = response;
  const rate = stats.crimeRates.overallRate;
  const change = stats.monthOverMonthChange;
  const population = stats.population;
  const withheld = rateWithheld(dataInfo, stats);
  const intl = useIntl();
  const t = (id: MessageId, values?: Record<string, string | number>) => intl.formatMessage({ id }, values);
  return (
    <section className="card summary" aria-labelledby="summary-title">
      <div className="summary__banner">
        <div>
          <h2 id="summary-title" className="summary__area">
            {areaLabel(dataInfo)}
          </h2>
          <p className="summary__period">
            <span>{periodLabel(dataInfo)}</span>
            <span aria-hidden="true"> · </span>
            <span>{t('search.summary.months', { count: dataInfo.totalMonths })}</span>
            {dataInfo.radius !== null && (
              <>
                <span aria-hidden="true"> · </span>
                <span>{t('search.summary.radius', { miles: dataInfo.radius })}</span>
              </>
            )}
          </p>
        </div>
        {change && (
          <div className="summary__trend">
            <span className="summary__trend-label">{t('search.summary.monthOnMonth')}</span>
            <TrendIndicator
              percentage={change.percentage}
              direction={change.direction}
              comparable={change.comparable}
              comparisonMonths={change.comparisonMonths}
            />
          </div>
        )}
      </div>

      <dl className="stat-tiles">
        <StatTile
          label={t('search.summary.total')}
          emphasis
          missing={t('search.summary.noData')}
          note={
            stats.totalCrimes === null
              ? noDataReason(dataInfo)
              : withheld
                ? silentAreaWords(withheld)
                : undefined
          }
        >
          {/* An area whose own force published nothing has no total of zero: its data is missing. */}
          {stats.totalCrimes === null || (withheld && stats.totalCrimes === 0)
            ? null
            : formatCount(stats.totalCrimes)}
        </StatTile>
        <StatTile
          label={t('search.summary.rate')}
          missing={withheld ? t('search.summary.notGiven') : t('search.summary.notAvailable')}
          testId="crime-rate"
          note={
            withheld
              ? withheldReason(withheld)
              : rate === null
                ? t('search.summary.noPopulation')
                : t('search.summary.ratePerHundred', {
                    rate: formatRate(rate).perHundred,
                    months: rateMonths(stats.crimeRates.months, dataInfo.totalMonths),
                  })
          }
        >
          {rate === null || withheld ? null : (
            <>
              {intl.formatMessage(
                { id: 'search.summary.perThousand' },
                { rate: formatRate(rate).perThousand, small: (text) => <small>{text}</small> },
              )}
            </>
          )}
        </StatTile>
        <StatTile
          label={t('search.summary.resolution')}
          missing={t('search.summary.notAvailable')}
          note={
            stats.resolvedPercentage === null
              ? t('search.summary.noOutcomes')
              : t('search.summary.resolved', {
                  resolved: formatCount(stats.resolvedCrimes),
                  eligible: formatCount(stats.outcomeEligibleCrimes),
                })
          }
        >
          {stats.resolvedPercentage === null ? null : `${formatDecimal(stats.resolvedPercentage, 1)}%`}
        </StatTile>
        <StatTile
          label={t('search.summary.population')}
          missing={t('search.summary.notAvailable')}
          note={
            population.total === null
              ? t('search.summary.noPopulation')
              : t('search.summary.residents', { count: population.lsoaCount })
          }
        >
          {population.total === null ? null : formatCount(population.total)}
        </StatTile>
      </dl>
      {population.dataSource && (
        <p className="summary__source">
          {/* The server words its source in English; the Welsh page says the same in Welsh. */}
          {PAGE_LOCALE === 'cy'
            ? t('search.summary.populationOns')
            : t('search.summary.populationSource', { source: population.dataSource })}
        </p>
      )}
      <FigureDefinitions title={t('search.summary.definitions')} items={summaryDefinitions(intl)} />
    </section>
  );
}

function summaryDefinitions(intl: IntlShape): readonly FigureDefinition[] {
  const terms = [
    ['search.summary.total', 'search.summary.def.total'],
    ['search.summary.rate', 'search.summary.def.rate'],
    ['search.summary.resolution', 'search.summary.def.resolution'],
    ['search.summary.population', 'search.summary.def.population'],
    ['search.summary.monthOnMonth', 'search.summary.def.trend'],
  ] as const;
  return terms.map(([term, text]) => ({
    term: intl.formatMessage({ id: term }),
    text: intl.formatMessage({ id: text }, { stable: STABLE_THRESHOLD_PERCENT, min: MIN_CRIMES_TO_COMPARE }),
  }));
}

/** A headline figure; without a value it shows `missing` instead, quietly. */
function StatTile({
  label,
  note,
  emphasis,
  missing,
  testId,
  children,
}: {
  label: string;
  note?: string;
  emphasis?: boolean;
  missing: string;
  testId?: string;
  children: ReactNode;
}) {
  const absent = children === null;
  return (
    <div className={emphasis ? 'stat-tile stat-tile--emphasis' : 'stat-tile'} data-testid={testId}>
      <dt className="stat-tile__label">{label}</dt>
      <dd className={absent ? 'stat-tile__value stat-tile__value--none' : 'stat-tile__value'}>
        {absent ? missing : children}
      </dd>
      {note && <dd className="stat-tile__note">{note}</dd>}
    </div>
  );
}
