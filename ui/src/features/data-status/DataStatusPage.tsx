import { Link } from '@tanstack/react-router';
import { useMemo, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { formatNumber } from '../../../../common/clock/format.ts';
import { GetDataStatus, type DataStatus } from '../../../../common/contracts/data-status.ts';
import type { MessageId } from '../../../../common/i18n/messages.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { useEndpointQuery } from '../../shared/queries.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { ScrollRegion } from '../../shared/ui/ScrollRegion.tsx';
import { ForceMonthGrid } from './ForceMonthGrid.tsx';
import { shortMonth } from '../search/searchFormat.ts';
import {
  CHECK_LABELS,
  checkNote,
  forcesAsShown,
  instantLabel,
  STATUS_HELP,
  STATUS_LABELS,
} from './dataStatusText.ts';
import './data-status.css';

/** /data-status: how current the police data is, for everyone: the checks, and each force's months. */
export function DataStatusPage() {
  const intl = useIntl();
  const query = useEndpointQuery(GetDataStatus);
  return (
    <div className="page data-status">
      <PageHeader
        title={intl.formatMessage({ id: 'dataStatus.title' })}
        lead={intl.formatMessage({ id: 'dataStatus.lead' })}
      />
      {query.status === 'pending' && (
        <p role="status">
          <FormattedMessage id="dataStatus.loading" />
        </p>
      )}
      {query.status === 'error' && (
        <p role="alert">
          <FormattedMessage id="dataStatus.loadFailed" />
        </p>
      )}
      {query.data && <StatusView status={query.data} />}
    </div>
  );
}

function StatusView({ status }: { status: DataStatus }) {
  const intl = useIntl();
  const say = (id: MessageId) => intl.formatMessage({ id });
  const month = (value: string) => shortMonth(value, PAGE_LOCALE);
  const instant = (value: string | null) => instantLabel(value, PAGE_LOCALE);
  const months = status.forces[0]?.months.map((m) => m.month) ?? [];
  const note = checkNote(status, PAGE_LOCALE);
  // One list for the grid and the table; the grid redraws only when it changes.
  const forces = useMemo(() => forcesAsShown(status.forces, PAGE_LOCALE), [status.forces]);
  return (
    <>
      <dl className="data-status__facts">
        <dt>{say('dataStatus.newestMonth')}</dt>
        <dd>{status.latestMonth ? month(status.latestMonth) : say('dataStatus.noData')}</dd>
        <dt>{say('dataStatus.lastCheck')}</dt>
        <dd>
          {say(CHECK_LABELS[status.lastCheck.result])}
          {status.lastCheck.at && <> ({instant(status.lastCheck.at)})</>}.{' '}
          {note.values ? intl.formatMessage({ id: note.id }, note.values) : say(note.id)}
        </dd>
        <dt>{say('dataStatus.nextCheck')}</dt>
        <dd>{status.nextCheckAt ? instant(status.nextCheckAt) : say('dataStatus.noneScheduled')}</dd>
        <dt>{say('dataStatus.lastImport')}</dt>
        <dd>{instant(status.lastImportAt)}</dd>
      </dl>
      {months.length === 0 ? (
        <p>
          <FormattedMessage
            id="dataStatus.noMonths"
            values={{ link: (text: ReactNode[]) => <Link to="/search">{text}</Link> }}
          />
        </p>
      ) : (
        <section aria-labelledby="data-status-grid-title">
          <h2 id="data-status-grid-title">{say('dataStatus.gridTitle')}</h2>
          <ul className="data-status__legend">
            {(['held', 'missing', 'not-imported'] as const).map((s) => (
              <li key={s}>
                <span className={`data-status__swatch force-grid__cell--${s}`} aria-hidden="true" />
                <strong>{say(STATUS_LABELS[s])}</strong>: {say(STATUS_HELP[s])}
              </li>
            ))}
          </ul>
          <ScrollRegion label={say('dataStatus.gridLabel')} className="data-status__grid-wrap">
            <ForceMonthGrid forces={forces} />
          </ScrollRegion>
          <ScrollRegion label={say('dataStatus.tableLabel')} className="data-status__table-wrap">
            <table className="data-status__table">
              <caption>{say('dataStatus.tableCaption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{say('dataStatus.force')}</th>
                  {months.map((value) => (
                    <th scope="col" key={value}>
                      {month(value)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {forces.map((force) => (
                  <tr key={force.id} data-force={force.id}>
                    <th scope="row">{force.name}</th>
                    {force.months.map((m) => (
                      <td key={m.month} data-month={m.month} data-status={m.status}>
                        {m.status === 'held' && m.crimes !== null
                          ? formatNumber(m.crimes)
                          : say(STATUS_LABELS[m.status])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </section>
      )}
    </>
  );
}
