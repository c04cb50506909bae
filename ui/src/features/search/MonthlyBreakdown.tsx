import type { MonthlyBreakdownEntry } from '../../../../common/search/types.ts';
import { Card } from '../../shared/ui/Card.tsx';
import { FigureDefinitions, type FigureDefinition } from './FigureDefinitions.tsx';
import { MonthlyChart } from './MonthlyChart.tsx';
import { summariseMonths } from './monthlySummary.ts';
import { formatCount, longMonth } from './searchFormat.ts';

const MONTHLY_DEFINITIONS: readonly FigureDefinition[] = [
  {
    term: 'Bars',
    text: 'Crimes recorded in each month of the period. A hatched bar marked "no data" is a month no force of the area has published yet: it is not a month without crime. A lighter bar is a month only some of the area\'s forces have published, so its count is too low.',
  },
  {
    term: 'Months Analyzed',
    text: 'The months of the period that have data; the figures below count only these.',
  },
  {
    term: 'Highest and Lowest Month',
    text: 'The months with the most and the fewest crimes among the months with data (on a tie, the earlier month).',
  },
  {
    term: 'Avg per Month',
    text: 'All crimes of the months with data divided by the number of those months, to the nearest whole crime.',
  },
];

export function MonthlyBreakdown({ months }: { months: readonly MonthlyBreakdownEntry[] }) {
  const summary = summariseMonths(months);
  return (
    <Card title="Monthly Crime Breakdown" className="monthly">
      {summary ? (
        <>
          <MonthlyChart months={months} />
          <dl className="monthly__figures">
            <div>
              <dt>Months Analyzed</dt>
              <dd>{summary.monthsAnalyzed}</dd>
            </div>
            <div>
              <dt>Highest Month</dt>
              <dd>
                {longMonth(summary.highest.month)}
                <small>{formatCount(summary.highest.totalCrimes)} crimes</small>
              </dd>
            </div>
            <div>
              <dt>Lowest Month</dt>
              <dd>
                {longMonth(summary.lowest.month)}
                <small>{formatCount(summary.lowest.totalCrimes)} crimes</small>
              </dd>
            </div>
            <div>
              <dt>Avg per Month</dt>
              <dd>{formatCount(summary.averagePerMonth)}</dd>
            </div>
          </dl>
          <FigureDefinitions title="What the monthly figures mean" items={MONTHLY_DEFINITIONS} />
        </>
      ) : (
        <div className="empty-block">
          <p className="muted">Trend analysis requires at least 2 months of data</p>
        </div>
      )}
    </Card>
  );
}
