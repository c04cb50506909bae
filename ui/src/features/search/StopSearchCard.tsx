import {
  STOP_SEARCH_ETHNICITY_ROWS,
  STOP_SEARCH_RECORD_LIMIT,
} from '../../../../common/search/stop-search.ts';
import type { MessageId } from '../../../../common/i18n/messages.ts';
import { useIntl } from 'react-intl';
import { Card } from '../../shared/ui/Card.tsx';
import { LoadingLine } from './LoadingLine.tsx';
import { useStopSearchQuery } from './searchQueries.ts';
import { formatDateTime } from '../../shared/formatDateTime.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { formatCount } from './searchFormat.ts';
import { stopSearchEmpty, stopSearchText, type StopSearchScope } from './stopSearchText.ts';

export interface StopSearchCardProps {
  scope: StopSearchScope;
  month: string | undefined;
}

export function StopSearchCard({ scope, month }: StopSearchCardProps) {
  const intl = useIntl();
  const t = (id: MessageId) => intl.formatMessage({ id });
  const where =
    scope.kind === 'force'
      ? { forceId: scope.forceId }
      : { latitude: scope.position.latitude, longitude: scope.position.longitude };
  const state = useStopSearchQuery(where, month);
  const answer = state.data;
  const text = stopSearchText(scope, answer, month);

  return (
    <Card title={t('search.stops.title')} className="stop-search" description={text.description}>
      {text.notes.map((note) => (
        <p key={note} className="stop-search__unlocated">
          {note}
        </p>
      ))}
      {state.isPending ? (
        <LoadingLine text={t('search.stops.loading')} />
      ) : !answer ? (
        // The specification treats a failed read as no data: null on failure.
        <p className="muted">{stopSearchEmpty()}</p>
      ) : text.empty ? (
        <p className="muted">{text.empty}</p>
      ) : answer.stats.totalStops === 0 ? null : (
        <>
          <dl className="mini-stats">
            <div>
              <dt>{t('search.stops.total')}</dt>
              <dd>{formatCount(answer.stats.totalStops)}</dd>
            </div>
            <div>
              <dt>{t('search.stops.arrests')}</dt>
              <dd>{formatCount(answer.stats.arrests)}</dd>
            </div>
            <div>
              <dt>{t('search.stops.noAction')}</dt>
              <dd>{formatCount(answer.stats.noAction)}</dd>
            </div>
          </dl>

          <div className="stop-search__columns">
            <Breakdown
              title={t('search.stops.outcomes')}
              rows={answer.stats.outcomeBreakdown.map((o) => ({ label: o.outcome, count: o.count }))}
              total={answer.stats.totalStops}
            />
            <Breakdown
              title={t('search.stops.ethnicity')}
              rows={answer.stats.ethnicityBreakdown
                .slice(0, STOP_SEARCH_ETHNICITY_ROWS)
                .map((e) => ({ label: e.ethnicity, count: e.count }))}
              total={answer.stats.totalStops}
            />
          </div>

          <h3 className="subheading">{t('search.stops.recent')}</h3>
          {/* Focusable so keyboard users can scroll it sideways (axe scrollable-region-focusable). */}
          <div className="table-scroll" tabIndex={0} role="region" aria-label={t('search.stops.scrollable')}>
            <table className="data-table data-table--compact">
              <thead>
                <tr>
                  <th scope="col">{t('search.stops.when')}</th>
                  <th scope="col">{t('search.stops.type')}</th>
                  <th scope="col">{t('search.stops.object')}</th>
                  <th scope="col">{t('search.stops.person')}</th>
                  <th scope="col">{t('search.incidents.outcome')}</th>
                </tr>
              </thead>
              <tbody>
                {answer.records.slice(0, STOP_SEARCH_RECORD_LIMIT).map((record, index) => (
                  <tr key={`${record.datetime}-${index}`}>
                    <td className="nowrap">
                      {record.datetime ? formatDateTime(record.datetime, PAGE_LOCALE) : '—'}
                    </td>
                    <td>{record.type ?? '—'}</td>
                    <td>{record.object_of_search ?? '—'}</td>
                    <td>{[record.gender, record.age_range].filter(Boolean).join(', ') || '—'}</td>
                    <td>{record.outcome ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </Card>
  );
}

function Breakdown({
  title,
  rows,
  total,
}: {
  title: string;
  rows: { label: string; count: number }[];
  total: number;
}) {
  return (
    <div className="breakdown">
      <h3 className="subheading">{title}</h3>
      <ul className="breakdown__list">
        {rows.map((row) => (
          <li key={row.label} className="breakdown__row">
            <span className="breakdown__label">{row.label}</span>
            <span className="breakdown__count">{formatCount(row.count)}</span>
            <span className="breakdown__bar" aria-hidden="true">
              <span style={{ width: `${total > 0 ? (row.count / total) * 100 : 0}%` }} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
