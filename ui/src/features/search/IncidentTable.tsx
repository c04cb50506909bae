import type { ReactNode } from 'react';
import type { SearchResponse } from '../../../../common/search/types.ts';
import { Alert } from '../../shared/ui/Alert.tsx';
import { Button } from '../../shared/ui/Button.tsx';
import { categoryLabel, formatCount, longMonth } from './searchFormat.ts';

export interface IncidentTableProps {
  response: SearchResponse;
  /** The page asked for, which may still be loading while `response` shows the previous one. */
  page: number;
  pageLoading: boolean;
  pageError?: string;
  onPage: (page: number) => void;
  exportPanel: ReactNode;
}

/** The crimes of the search, ten to a page, paged through the server. */
export function IncidentTable({
  response,
  page,
  pageLoading,
  pageError,
  onPage,
  exportPanel,
}: IncidentTableProps) {
  const { data, pagination } = response;
  const pages = Math.max(1, pagination.pages);
  const shownPage = Math.min(Math.max(1, pagination.page), pages);
  const first = pagination.total === 0 ? 0 : (shownPage - 1) * pagination.pageSize + 1;
  const last = Math.min(pagination.total, first + data.length - 1);

  return (
    <section className="card incidents" aria-labelledby="incidents-title" aria-busy={pageLoading}>
      <header className="incidents__header">
        <div>
          <h2 id="incidents-title" className="card__title">
            Crime Incidents
          </h2>
          <p className="card__description">Newest first, as recorded by the police.</p>
        </div>
        {exportPanel}
      </header>

      {pagination.total === 0 ? (
        <div className="empty-block">
          <p className="empty-block__title">No Crime Data Found</p>
          <p className="muted">
            {response.stats.totalCrimes === null
              ? 'No police data is held for this area in the period searched.'
              : 'No crimes were recorded for this area in the period searched.'}
          </p>
        </div>
      ) : (
        <>
          <div className="table-scroll">
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Crime Type</th>
                  <th scope="col">Location</th>
                  <th scope="col">Outcome</th>
                </tr>
              </thead>
              <tbody>
                {data.map((crime, index) => (
                  <tr key={crime.id ?? `${crime.persistent_id}-${index}`}>
                    <td className="nowrap">{longMonth(crime.month)}</td>
                    <td>{categoryLabel(crime.category)}</td>
                    <td>
                      {crime.location?.street.name || <span className="muted">Location not specified</span>}
                    </td>
                    <td>
                      {crime.outcome_status?.category || <span className="muted">No outcome recorded</span>}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pageError && (
            <Alert variant="destructive" className="incidents__error">
              Error: {pageError}
            </Alert>
          )}
          <nav className="pager" aria-label="Incident pages">
            <p className="pager__summary" aria-live="polite">
              Showing {formatCount(first)}-{formatCount(last)} of {formatCount(pagination.total)} crimes
            </p>
            <div className="pager__controls">
              <Button
                variant="secondary"
                size="sm"
                disabled={page <= 1 || pageLoading}
                onClick={() => onPage(Math.max(1, page - 1))}
              >
                Previous
              </Button>
              <span className="pager__page">
                Page {formatCount(shownPage)} of {formatCount(pages)}
              </span>
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= pages || pageLoading}
                onClick={() => onPage(Math.min(pages, page + 1))}
              >
                Next
              </Button>
            </div>
          </nav>
        </>
      )}
    </section>
  );
}
