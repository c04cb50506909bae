import { useState } from 'react';
import type { SearchStats } from '../../../../common/search/types.ts';
import { Button } from '../../shared/ui/Button.tsx';
import { Card } from '../../shared/ui/Card.tsx';
import { MIN_CRIMES_TO_COMPARE } from '../../../../common/search/trend.ts';
import { FigureDefinitions } from './FigureDefinitions.tsx';
import { rateMonthsShort } from './rateMonths.ts';
import { formatCount, formatDecimal, shortMonth } from './searchFormat.ts';
import { TrendIndicator } from './TrendIndicator.tsx';

/** Enough to show what dominates, short enough to sit beside the monthly chart. */
const FIRST_TYPES_SHOWN = 8;

/**
 * Crime types, most common first, each with its share, rate and month-on-month trend. `periodMonths`
 * is the length of the period searched, so a rate over fewer months (those with data) says so.
 */
export function CrimeTypeBreakdown({
  stats,
  periodMonths,
  rateWithheld = false,
}: {
  stats: SearchStats;
  periodMonths: number;
  /** No rate per 1,000 residents: the area's force published no data (common/search/silent-forces.ts). */
  rateWithheld?: boolean;
}) {
  const [showAll, setShowAll] = useState(false);
  const comparison = stats.monthOverMonthChange?.comparisonMonths;
  const hidden = Math.max(0, stats.crimeTypes.length - FIRST_TYPES_SHOWN);
  const shown = showAll ? stats.crimeTypes : stats.crimeTypes.slice(0, FIRST_TYPES_SHOWN);
  const largest = Math.max(1, ...stats.crimeTypes.map((t) => t.count));
  return (
    <Card
      title="Crime Types"
      className="crime-types"
      description={
        comparison
          ? `Trend compares ${shortMonth(comparison[1])} with ${shortMonth(comparison[0])}.`
          : 'Share of all crimes in the period.'
      }
    >
      {!comparison && stats.crimeTypes.length > 0 && (
        // Said once for the breakdown: per category it would read as "too few crimes" when the
        // reason is the months, not the count.
        <p className="crime-types__no-trend" data-testid="no-trend">
          A trend needs two months with data; the months searched have only one.
        </p>
      )}
      {stats.crimeTypes.length === 0 ? (
        <p className="muted">
          {stats.totalCrimes === null
            ? 'No police data is held for this area in the period searched.'
            : 'No crimes were recorded in this period.'}
        </p>
      ) : (
        <ol className="crime-types__list">
          {shown.map((type) => (
            <li key={type.category} className="crime-type">
              <div className="crime-type__head">
                <span className="crime-type__swatch" style={{ background: type.color }} aria-hidden="true" />
                <span className="crime-type__name">{type.name}</span>
                <span className="crime-type__count">{formatCount(type.count)}</span>
                {comparison && (
                  <TrendIndicator
                    size="small"
                    className="crime-type__trend"
                    percentage={type.trend.percentage}
                    direction={type.trend.direction}
                    comparable={type.trend.comparable}
                    comparisonMonths={comparison}
                  />
                )}
              </div>
              <div className="crime-type__bar" aria-hidden="true">
                <span style={{ width: `${(type.count / largest) * 100}%`, background: type.color }} />
              </div>
              <p className="crime-type__meta">
                {formatDecimal(type.percentage, 1)}% of crimes
                {type.rate !== null && !rateWithheld && (
                  <>
                    {' '}
                    · {formatDecimal(type.rate, 1)} per 1,000 residents{' '}
                    {rateMonthsShort(stats.crimeRates.months, periodMonths)}
                  </>
                )}
              </p>
            </li>
          ))}
        </ol>
      )}
      {hidden > 0 && (
        <Button
          variant="ghost"
          size="sm"
          className="crime-types__more"
          aria-expanded={showAll}
          onClick={() => setShowAll(!showAll)}
        >
          {showAll ? 'Show fewer crime types' : `Show all ${stats.crimeTypes.length} crime types`}
        </Button>
      )}
      {stats.crimeTypes.length > 0 && (
        <FigureDefinitions
          title="What the crime type figures mean"
          items={[
            {
              term: 'Count',
              text: 'Crimes of the type recorded in the area and months searched.',
            },
            {
              term: '% of crimes',
              text: 'Its share of all crimes found by the search (anti-social behaviour included), so the shares add up to 100%.',
            },
            {
              term: 'Per 1,000 residents',
              text: 'Crimes of the type per 1,000 residents of the census areas where the crimes are located, counted over the months with data only, like the crime rate above.',
            },
            {
              term: 'Trend',
              text: comparison
                ? `The change from ${shortMonth(comparison[0])} to ${shortMonth(comparison[1])}, the last two months with data; with fewer than ${MIN_CRIMES_TO_COMPARE} crimes of the type in those two months it reads "too few crimes to compare".`
                : 'The change between the last two months with data; a trend needs two months with data, and the months searched have only one.',
            },
          ]}
        />
      )}
    </Card>
  );
}
