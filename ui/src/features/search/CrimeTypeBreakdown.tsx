import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { SearchStats } from '../../../../common/search/types.ts';
import { Button } from '../../shared/ui/Button.tsx';
import { Card } from '../../shared/ui/Card.tsx';
import { MIN_CRIMES_TO_COMPARE } from '../../../../common/search/trend.ts';
import { FigureDefinitions } from './FigureDefinitions.tsx';
import { rateMonthsShort } from './rateMonths.ts';
import { categoryLabel, formatCount, formatDecimal, shortMonth } from './searchFormat.ts';
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
  silentNote,
}: {
  stats: SearchStats;
  periodMonths: number;
  /** No rate per 1,000 residents: the area's force published no data (common/search/silent-forces.ts). */
  rateWithheld?: boolean;
  /** Said instead of "no crimes were recorded" when the area's force published nothing. */
  silentNote?: string;
}) {
  const intl = useIntl();
  const [showAll, setShowAll] = useState(false);
  const comparison = stats.monthOverMonthChange?.comparisonMonths;
  const hidden = Math.max(0, stats.crimeTypes.length - FIRST_TYPES_SHOWN);
  const shown = showAll ? stats.crimeTypes : stats.crimeTypes.slice(0, FIRST_TYPES_SHOWN);
  const largest = Math.max(1, ...stats.crimeTypes.map((t) => t.count));
  return (
    <Card
      title={intl.formatMessage({ id: 'search.types.title' })}
      className="crime-types"
      description={
        comparison
          ? intl.formatMessage(
              { id: 'search.types.compares' },
              { later: shortMonth(comparison[1]), earlier: shortMonth(comparison[0]) },
            )
          : intl.formatMessage({ id: 'search.types.share' })
      }
    >
      {!comparison && stats.crimeTypes.length > 0 && (
        // Said once for the breakdown: per category it would read as "too few crimes" when the
        // reason is the months, not the count.
        <p className="crime-types__no-trend" data-testid="no-trend">
          {intl.formatMessage({ id: 'search.types.noTrend' })}
        </p>
      )}
      {stats.crimeTypes.length === 0 ? (
        <p className="muted">
          {silentNote ??
            intl.formatMessage({
              id: stats.totalCrimes === null ? 'search.types.noData' : 'search.types.none',
            })}
        </p>
      ) : (
        <ol className="crime-types__list">
          {shown.map((type) => (
            <li key={type.category} className="crime-type">
              <div className="crime-type__head">
                <span className="crime-type__swatch" style={{ background: type.color }} aria-hidden="true" />
                <span className="crime-type__name">{categoryLabel(type.category)}</span>
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
                {intl.formatMessage(
                  { id: 'search.types.shareOf' },
                  { percent: formatDecimal(type.percentage, 1) },
                )}
                {type.rate !== null && !rateWithheld && (
                  <>
                    {' · '}
                    {intl.formatMessage(
                      { id: 'search.types.rate' },
                      {
                        rate: formatDecimal(type.rate, 1),
                        months: rateMonthsShort(stats.crimeRates.months, periodMonths),
                      },
                    )}
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
          {showAll
            ? intl.formatMessage({ id: 'search.types.fewer' })
            : intl.formatMessage({ id: 'search.types.all' }, { count: stats.crimeTypes.length })}
        </Button>
      )}
      {stats.crimeTypes.length > 0 && (
        <FigureDefinitions
          title={intl.formatMessage({ id: 'search.types.definitions' })}
          items={[
            {
              term: intl.formatMessage({ id: 'search.types.def.count.term' }),
              text: intl.formatMessage({ id: 'search.types.def.count' }),
            },
            {
              term: intl.formatMessage({ id: 'search.types.def.share.term' }),
              text: intl.formatMessage({ id: 'search.types.def.share' }),
            },
            {
              term: intl.formatMessage({ id: 'search.types.def.rate.term' }),
              text: intl.formatMessage({ id: 'search.types.def.rate' }),
            },
            {
              term: intl.formatMessage({ id: 'search.types.def.trend.term' }),
              text: comparison
                ? intl.formatMessage(
                    { id: 'search.types.def.trend' },
                    {
                      from: shortMonth(comparison[0]),
                      to: shortMonth(comparison[1]),
                      min: MIN_CRIMES_TO_COMPARE,
                    },
                  )
                : intl.formatMessage({ id: 'search.types.def.trendNone' }),
            },
          ]}
        />
      )}
    </Card>
  );
}
