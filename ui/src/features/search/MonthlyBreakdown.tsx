import type { MonthlyBreakdownEntry } from '../../../../common/search/types.ts';
import { useIntl, type IntlShape } from 'react-intl';
import { Card } from '../../shared/ui/Card.tsx';
import { FigureDefinitions, type FigureDefinition } from './FigureDefinitions.tsx';
import { MonthlyChart } from './MonthlyChart.tsx';
import { summariseMonths } from './monthlySummary.ts';
import { formatCount, longMonth } from './searchFormat.ts';

function monthlyDefinitions(intl: IntlShape): readonly FigureDefinition[] {
  const terms = [
    ['search.monthly.def.bars.term', 'search.monthly.def.bars'],
    ['search.monthly.analyzed', 'search.monthly.def.analyzed'],
    ['search.monthly.def.highLow.term', 'search.monthly.def.highLow'],
    ['search.monthly.average', 'search.monthly.def.average'],
  ] as const;
  return terms.map(([term, text]) => ({
    term: intl.formatMessage({ id: term }),
    text: intl.formatMessage({ id: text }),
  }));
}

export function MonthlyBreakdown({ months }: { months: readonly MonthlyBreakdownEntry[] }) {
  const intl = useIntl();
  const summary = summariseMonths(months);
  return (
    <Card title={intl.formatMessage({ id: 'search.monthly.title' })} className="monthly">
      {summary ? (
        <>
          <MonthlyChart months={months} />
          <dl className="monthly__figures">
            <div>
              <dt>{intl.formatMessage({ id: 'search.monthly.analyzed' })}</dt>
              <dd>{summary.monthsAnalyzed}</dd>
            </div>
            <div>
              <dt>{intl.formatMessage({ id: 'search.monthly.highest' })}</dt>
              <dd>
                {longMonth(summary.highest.month)}
                <small>
                  {intl.formatMessage(
                    { id: 'search.monthly.crimes' },
                    { count: summary.highest.totalCrimes },
                  )}
                </small>
              </dd>
            </div>
            <div>
              <dt>{intl.formatMessage({ id: 'search.monthly.lowest' })}</dt>
              <dd>
                {longMonth(summary.lowest.month)}
                <small>
                  {intl.formatMessage({ id: 'search.monthly.crimes' }, { count: summary.lowest.totalCrimes })}
                </small>
              </dd>
            </div>
            <div>
              <dt>{intl.formatMessage({ id: 'search.monthly.average' })}</dt>
              <dd>{formatCount(summary.averagePerMonth)}</dd>
            </div>
          </dl>
          <FigureDefinitions
            title={intl.formatMessage({ id: 'search.monthly.definitions' })}
            items={monthlyDefinitions(intl)}
          />
        </>
      ) : (
        <div className="empty-block">
          <p className="muted">{intl.formatMessage({ id: 'search.monthly.tooFew' })}</p>
        </div>
      )}
    </Card>
  );
}
