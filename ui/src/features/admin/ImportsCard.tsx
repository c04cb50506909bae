import { formatNumber } from '../../../../common/clock/format.ts';
import { GetImports } from '../../../../common/contracts/admin.ts';
import { Card } from '../../shared/ui/Card.tsx';
import type { ImportRecord, ImportsOverview } from './adminApi.ts';
import { formatDateTime, ResourceView, StatusBadge } from './AdminParts.tsx';
import { datasetName, durationText, forceName, importStateText, monthRuns } from './importsText.ts';
import { useAdminQuery } from './useAdminQuery.ts';
import { ScrollRegion } from '../../shared/ui/ScrollRegion.tsx';

const RECENT_IMPORTS = 5;

/** The police data store at a glance: the last imports and which force-months it holds. */
export function ImportsCard() {
  const overview = useAdminQuery(GetImports);
  return (
    <Card
      title="Imports"
      headingLevel={2}
      description="Police data imported from the data.police.uk archives, and the months held for each force."
    >
      <ResourceView resource={overview} what="imports">
        {(data) => (
          <>
            {data.imports[0] && <LastImport record={data.imports[0]} />}
            <RecentImports imports={data.imports.slice(0, RECENT_IMPORTS)} total={data.imports.length} />
            <Holdings forces={data.forces} />
          </>
        )}
      </ResourceView>
    </Card>
  );
}

function importTone(status: string): 'ok' | 'warn' | 'bad' | 'neutral' {
  // The importer records running, completed, partial, failed, stopped or interrupted.
  if (status === 'completed') return 'ok';
  if (status === 'failed') return 'bad';
  if (status === 'running' || status === 'partial' || status === 'stopped' || status === 'interrupted')
    return 'warn';
  return 'neutral';
}

/** The state the last import left the store in, with every file it could not bring in and why. */
function LastImport({ record }: { record: ImportRecord }) {
  return (
    <section className="admin-last-import" aria-label="Last import">
      <p>
        <strong>Last import</strong>{' '}
        <StatusBadge tone={importTone(record.status)}>{record.status}</StatusBadge> {importStateText(record)}
      </p>
      {record.failedFiles.length > 0 && (
        <ul className="admin-last-import__failed">
          {record.failedFiles.map((failed) => (
            <li key={failed.file}>
              <code>{failed.file}</code>: <span className="admin-table__error">{failed.error}</span>
            </li>
          ))}
          {record.filesFailed > record.failedFiles.length && (
            <li>… and {formatNumber(record.filesFailed - record.failedFiles.length)} more</li>
          )}
        </ul>
      )}
    </section>
  );
}

function RecentImports({ imports, total }: { imports: ImportRecord[]; total: number }) {
  if (imports.length === 0) {
    return <p className="muted">No imports recorded yet. Run the importer to load police data.</p>;
  }
  return (
    <ScrollRegion className="admin-table-wrap" label="Recorded imports, scrollable">
      <table className="admin-table">
        <caption className="admin-table__caption">
          {total > imports.length ? `Latest ${imports.length} of ${total} imports` : 'Recorded imports'}
        </caption>
        <thead>
          <tr>
            <th scope="col">Finished</th>
            <th scope="col">Source</th>
            <th scope="col">Months</th>
            <th scope="col">Forces</th>
            <th scope="col" className="admin-table__num">
              Rows
            </th>
            <th scope="col">Status</th>
          </tr>
        </thead>
        <tbody>
          {imports.map((record) => (
            <tr key={record.id}>
              <td className="admin-table__date">{formatDateTime(record.finishedAt ?? record.startedAt)}</td>
              <td>
                {record.source}
                {record.synthetic && (
                  <>
                    {' '}
                    <StatusBadge tone="warn">Sample data</StatusBadge>
                  </>
                )}
              </td>
              <td>{monthRuns(record.months) || '—'}</td>
              <td>{record.forces.length}</td>
              <td className="admin-table__num">
                {formatNumber(record.rowsImported)}
                {record.rowsSkipped > 0 && (
                  <span className="admin-table__sub">{formatNumber(record.rowsSkipped)} skipped</span>
                )}
              </td>
              <td>
                <StatusBadge tone={importTone(record.status)}>{record.status}</StatusBadge>
                <span className="admin-table__sub">{durationText(record.durationMs)}</span>
                {record.error && <span className="admin-table__sub admin-table__error">{record.error}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

function Holdings({ forces }: { forces: ImportsOverview['forces'] }) {
  if (forces.length === 0) return <p className="muted">The store holds no police data yet.</p>;
  return (
    <details className="admin-details">
      <summary>
        Force-months held: {forces.length} force{forces.length === 1 ? '' : 's'}
      </summary>
      <ScrollRegion className="admin-table-wrap" label="Force-months held, scrollable">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Force</th>
              <th scope="col">Data set</th>
              <th scope="col">Months held</th>
              <th scope="col" className="admin-table__num">
                Rows
              </th>
            </tr>
          </thead>
          <tbody>
            {forces.flatMap((force) =>
              force.datasets.map((dataset, index) => (
                <tr key={`${force.forceId}/${dataset.dataset}`}>
                  {index === 0 && (
                    <th scope="rowgroup" rowSpan={force.datasets.length}>
                      {forceName(force.forceId)}
                    </th>
                  )}
                  <td>
                    {datasetName(dataset.dataset)}
                    {dataset.synthetic && (
                      <>
                        {' '}
                        <StatusBadge tone="warn">Sample data</StatusBadge>
                      </>
                    )}
                  </td>
                  <td>
                    {monthRuns(dataset.months)}
                    <span className="admin-table__sub">
                      {dataset.months.length} month{dataset.months.length === 1 ? '' : 's'}
                    </span>
                  </td>
                  <td className="admin-table__num">{formatNumber(dataset.rows)}</td>
                </tr>
              )),
            )}
          </tbody>
        </table>
      </ScrollRegion>
    </details>
  );
}
