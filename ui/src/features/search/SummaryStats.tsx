import type { ReactNode } from 'react';
import type { SearchResponse } from '../../../../common/search/types.ts';
import { rateWithheld } from '../../../../common/search/silent-forces.ts';
import { MIN_CRIMES_TO_COMPARE, STABLE_THRESHOLD_PERCENT } from '../../../../common/search/trend.ts';
import { noDataReason } from './noDataReason.ts';
import { FigureDefinitions, type FigureDefinition } from './FigureDefinitions.tsx';
import { rateMonths } from './rateMonths.ts';
import { formatCount, formatDecimal, formatRate } from './searchFormat.ts';
import { TrendIndicator } from './TrendIndicator.tsx';

const NOT_AVAILABLE = 'Not available';

/** The headline figures of a search, under a banner naming the area, the period and the radius. */
export function SummaryStats({ response }: { response: SearchResponse }) {
  const { stats, dataInfo } = response;
  const rate = stats.crimeRates.overallRate;
  const change = stats.monthOverMonthChange;
  const population = stats.population;
  const withheld = rateWithheld(dataInfo, stats);
  return (
    <section className="card summary" aria-labelledby="summary-title">
      <div className="summary__banner">
        <div>
          <h2 id="summary-title" className="summary__area">
            {dataInfo.area.label}
          </h2>
          <p className="summary__period">
            <span>{dataInfo.timeRange.label}</span>
            <span aria-hidden="true"> · </span>
            <span>
              {dataInfo.totalMonths} {dataInfo.totalMonths === 1 ? 'month' : 'months'}
            </span>
            {dataInfo.radius !== null && (
              <>
                <span aria-hidden="true"> · </span>
                <span>{dataInfo.radius} mile radius</span>
              </>
            )}
          </p>
        </div>
        {change && (
          <div className="summary__trend">
            <span className="summary__trend-label">Month on month</span>
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
          label="Total crimes"
          emphasis
          missing="No data"
          note={stats.totalCrimes === null ? noDataReason(dataInfo) : undefined}
        >
          {stats.totalCrimes === null ? null : formatCount(stats.totalCrimes)}
        </StatTile>
        <StatTile
          label="Crime rate"
          missing={withheld ? 'Not given' : undefined}
          testId="crime-rate"
          note={
            withheld
              ? withheld.reason
              : rate === null
                ? 'No population figures for this area'
                : `${formatRate(rate).percent} of residents, ${rateMonths(stats.crimeRates.months, dataInfo.totalMonths)}`
          }
        >
          {rate === null || withheld ? null : (
            <>
              {formatRate(rate).perThousand} <small>per 1,000 residents</small>
            </>
          )}
        </StatTile>
        <StatTile
          label="Resolution rate"
          note={
            stats.resolvedPercentage === null
              ? 'No crimes here carry an outcome'
              : `${formatCount(stats.resolvedCrimes)} of ${formatCount(stats.outcomeEligibleCrimes)} charged, summonsed or dealt with out of court`
          }
        >
          {stats.resolvedPercentage === null ? null : `${formatDecimal(stats.resolvedPercentage, 1)}%`}
        </StatTile>
        <StatTile
          label="Population"
          note={
            population.total === null
              ? 'No population figures for this area'
              : `Residents of ${formatCount(population.lsoaCount)} census ${population.lsoaCount === 1 ? 'area' : 'areas'} (LSOAs)`
          }
        >
          {population.total === null ? null : formatCount(population.total)}
        </StatTile>
      </dl>
      {population.dataSource && <p className="summary__source">Population: {population.dataSource}.</p>}
      <FigureDefinitions title="What these figures mean" items={SUMMARY_DEFINITIONS} />
    </section>
  );
}

const SUMMARY_DEFINITIONS: readonly FigureDefinition[] = [
  {
    term: 'Total crimes',
    text: 'Crimes and anti-social behaviour recorded by the police in the area and months searched, as published on data.police.uk. Months a force did not publish are shown as "no data", never as zero.',
  },
  {
    term: 'Crime rate',
    text: 'Crimes per 1,000 residents, counted over the months that have data only (a month without data adds neither crimes nor time), so it is not comparable with a yearly rate when fewer months are counted.',
  },
  {
    term: 'Resolution rate',
    text: 'Share of crimes that can carry an outcome whose latest outcome is a charge, summons, caution or other out-of-court resolution. Anti-social behaviour has no outcomes and is left out.',
  },
  {
    term: 'Population',
    text: "Residents of the census areas (LSOAs) where the area's crimes are located, from the ONS mid-year estimates.",
  },
  {
    term: 'Month on month',
    text: `Change between the last two months with data. Under ${STABLE_THRESHOLD_PERCENT}% either way it reads "no significant change"; with fewer than ${MIN_CRIMES_TO_COMPARE} crimes in the two months together it reads "too few crimes to compare", because such small counts swing by chance.`,
  },
];

/** A headline figure; without a value it shows `missing` instead, quietly. */
function StatTile({
  label,
  note,
  emphasis,
  missing = NOT_AVAILABLE,
  testId,
  children,
}: {
  label: string;
  note?: string;
  emphasis?: boolean;
  missing?: string;
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
