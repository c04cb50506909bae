import { Link } from '@tanstack/react-router';
import { formatNumber } from '../../../../common/clock/format.ts';
import { GetDataStatus, type DataStatus } from '../../../../common/contracts/data-status.ts';
import { useEndpointQuery } from '../../shared/queries.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { ScrollRegion } from '../../shared/ui/ScrollRegion.tsx';
import { ForceMonthGrid } from './ForceMonthGrid.tsx';
import { CHECK_LABELS, instantLabel, monthLabel, STATUS_HELP, STATUS_LABELS } from './dataStatusText.ts';
import './data-status.css';

/** /data-status: how current the police data is, for everyone: the checks, and each force's months. */
export function DataStatusPage() {
  const query = useEndpointQuery(GetDataStatus);
  return (
    <div className="page data-status">
      <PageHeader
        title="Data status"
        lead="Which months of police-recorded crime this site holds for each force, and when it last looked for new data."
      />
      {query.status === 'pending' && <p role="status">Loading the data status…</p>}
      {query.status === 'error' && (
        <p role="alert">The data status could not be loaded. Please try again in a moment.</p>
      )}
      {query.data && <StatusView status={query.data} />}
    </div>
  );
}

function StatusView({ status }: { status: DataStatus }) {
  const months = status.forces[0]?.months.map((m) => m.month) ?? [];
  return (
    <>
      <dl className="data-status__facts">
        <dt>Newest month</dt>
        <dd>{status.latestMonth ? monthLabel(status.latestMonth) : 'No police data yet'}</dd>
        <dt>Last check for new data</dt>
        <dd>
          {CHECK_LABELS[status.lastCheck.result]}
          {status.lastCheck.at && <> ({instantLabel(status.lastCheck.at)})</>}. {status.lastCheck.message}
        </dd>
        <dt>Next check</dt>
        <dd>{status.nextCheckAt ? instantLabel(status.nextCheckAt) : 'None scheduled'}</dd>
        <dt>Last import</dt>
        <dd>{instantLabel(status.lastImportAt)}</dd>
      </dl>
      {months.length === 0 ? (
        <p>
          No months are held yet. <Link to="/search">Search</Link> works once police data is imported.
        </p>
      ) : (
        <section aria-labelledby="data-status-grid-title">
          <h2 id="data-status-grid-title">Forces by month</h2>
          <ul className="data-status__legend">
            {(['held', 'missing', 'not-imported'] as const).map((s) => (
              <li key={s}>
                <span className={`data-status__swatch force-grid__cell--${s}`} aria-hidden="true" />
                <strong>{STATUS_LABELS[s]}</strong>: {STATUS_HELP[s]}
              </li>
            ))}
          </ul>
          <ScrollRegion label="Forces by month, drawn, scrollable" className="data-status__grid-wrap">
            <ForceMonthGrid forces={status.forces} />
          </ScrollRegion>
          <ScrollRegion label="Forces by month, table, scrollable" className="data-status__table-wrap">
            <table className="data-status__table">
              <caption>Street crimes held per force and month (Missing and Not imported as above)</caption>
              <thead>
                <tr>
                  <th scope="col">Force</th>
                  {months.map((month) => (
                    <th scope="col" key={month}>
                      {monthLabel(month)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {status.forces.map((force) => (
                  <tr key={force.id} data-force={force.id}>
                    <th scope="row">{force.name}</th>
                    {force.months.map((m) => (
                      <td key={m.month} data-month={m.month} data-status={m.status}>
                        {m.status === 'held' && m.crimes !== null
                          ? formatNumber(m.crimes)
                          : STATUS_LABELS[m.status]}
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
