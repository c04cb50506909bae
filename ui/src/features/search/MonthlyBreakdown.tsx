import type { MonthlyBreakdownEntry } from '../../../../common/search/types.ts';
import { Card } from '../../shared/ui/Card.tsx';
import { MonthlyChart } from './MonthlyChart.tsx';
import { summariseMonths } from './monthlySummary.ts';
import { formatCount, longMonth } from './searchFormat.ts';

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
        </>
      ) : (
        <div className="empty-block">
          <p className="muted">Trend analysis requires at least 2 months of data</p>
        </div>
      )}
    </Card>
  );
}
