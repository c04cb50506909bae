import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { ApiCrime, SearchResponse } from '../../../../common/search/types.ts';
import { Alert } from '../../shared/ui/Alert.tsx';
import { Button } from '../../shared/ui/Button.tsx';
import { rateWithheld } from '../../../../common/search/silent-forces.ts';
import { readPageJump } from './pageJump.ts';
import { silentAreaWords } from './searchWords.ts';
import { categoryLabel, formatCount, longMonth, outcomeLabel, streetLabel } from './searchFormat.ts';

export interface IncidentTableProps {
  response: SearchResponse;
  /** The page asked for, which may still be loading while `response` shows the previous one. */
  page: number;
  pageLoading: boolean;
  pageError?: string;
  onPage: (page: number) => void;
  exportPanel: ReactNode;
  /** Said above the rows, e.g. that they are the crimes of a place chosen on the map. */
  notice?: ReactNode;
  /** When given, located crimes get a "Show on map" button that calls it. */
  onShowOnMap?: (crime: ApiCrime) => void;
  /** The crime whose place the map highlights. */
  shownOnMap?: number;
}

/** The crimes of the search, ten to a page, paged through the server. */
export function IncidentTable({
  response,
  page,
  pageLoading,
  pageError,
  onPage,
  exportPanel,
  notice,
  onShowOnMap,
  shownOnMap,
}: IncidentTableProps) {
  const intl = useIntl();
  const { data, pagination } = response;
  const pages = Math.max(1, pagination.pages);
  const shownPage = Math.min(Math.max(1, pagination.page), pages);
  const first = pagination.total === 0 ? 0 : (shownPage - 1) * pagination.pageSize + 1;
  const last = Math.min(pagination.total, first + data.length - 1);
  // Another force's data is in, the area's own published nothing: said instead of "no crimes".
  const silent =
    response.stats.totalCrimes === null ? undefined : rateWithheld(response.dataInfo, response.stats);

  return (
    <section className="card incidents" aria-labelledby="incidents-title" aria-busy={pageLoading}>
      <header className="incidents__header">
        <div>
          <h2 id="incidents-title" className="card__title">
            {intl.formatMessage({ id: 'search.incidents.title' })}
          </h2>
          <p className="card__description">{intl.formatMessage({ id: 'search.incidents.description' })}</p>
        </div>
        {exportPanel}
      </header>
      {notice}

      {pagination.total === 0 ? (
        <div className="empty-block">
          <p className="empty-block__title">{intl.formatMessage({ id: 'search.incidents.none.title' })}</p>
          <p className="muted">
            {silent
              ? silentAreaWords(silent)
              : intl.formatMessage({
                  id: response.stats.totalCrimes === null ? 'search.types.noData' : 'search.incidents.none',
                })}
          </p>
        </div>
      ) : (
        <>
          {/* Focusable so keyboard users can scroll it sideways on narrow screens (axe scrollable-region-focusable). */}
          <div
            className="table-scroll"
            tabIndex={0}
            role="region"
            aria-label={intl.formatMessage({ id: 'search.incidents.scrollable' })}
          >
            <table className="data-table">
              <thead>
                <tr>
                  <th scope="col">{intl.formatMessage({ id: 'search.incidents.date' })}</th>
                  <th scope="col">{intl.formatMessage({ id: 'search.incidents.type' })}</th>
                  <th scope="col">{intl.formatMessage({ id: 'search.incidents.location' })}</th>
                  <th scope="col">{intl.formatMessage({ id: 'search.incidents.outcome' })}</th>
                </tr>
              </thead>
              <tbody>
                {data.map((crime, index) => (
                  <tr key={crime.id ?? `${crime.persistent_id}-${index}`}>
                    <td className="nowrap">{longMonth(crime.month)}</td>
                    <td>{categoryLabel(crime.category)}</td>
                    <td>
                      <Location crime={crime} />
                      <ShowOnMap crime={crime} shownOnMap={shownOnMap} onShowOnMap={onShowOnMap} />
                    </td>
                    <td>
                      <Outcome crime={crime} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {/* Phones: one card per crime with every field, instead of a table to scroll sideways (CSS shows one of the two). */}
          <ul className="incident-cards" aria-label={intl.formatMessage({ id: 'search.incidents.list' })}>
            {data.map((crime, index) => (
              <li key={crime.id ?? `${crime.persistent_id}-${index}`} className="incident-card">
                <p className="incident-card__type">{categoryLabel(crime.category)}</p>
                <dl className="incident-card__fields">
                  <div>
                    <dt>{intl.formatMessage({ id: 'search.incidents.date' })}</dt>
                    <dd>{longMonth(crime.month)}</dd>
                  </div>
                  <div>
                    <dt>{intl.formatMessage({ id: 'search.incidents.location' })}</dt>
                    <dd>
                      <Location crime={crime} />
                      <ShowOnMap crime={crime} shownOnMap={shownOnMap} onShowOnMap={onShowOnMap} />
                    </dd>
                  </div>
                  <div>
                    <dt>{intl.formatMessage({ id: 'search.incidents.outcome' })}</dt>
                    <dd>
                      <Outcome crime={crime} />
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          {pageError && (
            <Alert variant="destructive" className="incidents__error">
              {intl.formatMessage({ id: 'search.error.title' }, { message: pageError })}
            </Alert>
          )}
          <Pager
            page={page}
            pages={pages}
            loading={pageLoading}
            onPage={onPage}
            summary={intl.formatMessage(
              { id: 'search.pager.summary' },
              { first: formatCount(first), last: formatCount(last), total: formatCount(pagination.total) },
            )}
            position={intl.formatMessage(
              { id: 'search.pager.position' },
              { page: formatCount(shownPage), pages: formatCount(pages) },
            )}
          />
        </>
      )}
    </section>
  );
}

type Crime = SearchResponse['data'][number];

function Location({ crime }: { crime: Crime }) {
  const intl = useIntl();
  return (
    <>
      {(crime.location?.street.name && streetLabel(crime.location.street.name)) || (
        <span className="muted">{intl.formatMessage({ id: 'search.incidents.noLocation' })}</span>
      )}
    </>
  );
}

function ShowOnMap({
  crime,
  shownOnMap,
  onShowOnMap,
}: {
  crime: Crime;
  shownOnMap: IncidentTableProps['shownOnMap'];
  onShowOnMap: IncidentTableProps['onShowOnMap'];
}) {
  const intl = useIntl();
  if (!onShowOnMap || !crime.location) return null;
  return (
    <button
      type="button"
      className="incidents__map-link"
      aria-pressed={shownOnMap === crime.id}
      onClick={() => onShowOnMap(crime)}
    >
      {intl.formatMessage({ id: 'search.incidents.showOnMap' })}
    </button>
  );
}

function Outcome({ crime }: { crime: Crime }) {
  const intl = useIntl();
  const outcome = crime.outcome_status?.category;
  return (
    <>
      {outcome ? (
        outcomeLabel(outcome)
      ) : (
        <span className="muted">{intl.formatMessage({ id: 'search.incidents.noOutcome' })}</span>
      )}
    </>
  );
}

/**
 * Previous and Next. While a page loads they say so (aria-disabled) but stay focusable: a button
 * that turns disabled drops the keyboard focus to the top of the document. At the first or last
 * page the button that cannot go further is disabled, and the focus moves to the other one.
 */
function Pager({
  page,
  pages,
  loading,
  onPage,
  summary,
  position,
}: {
  page: number;
  pages: number;
  loading: boolean;
  onPage: (page: number) => void;
  summary: string;
  position: string;
}) {
  const intl = useIntl();
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const lastPressed = useRef<HTMLButtonElement | null>(null);

  // After a press (not a change of page by Back or a link), once the new page number shows.
  useEffect(() => {
    const pressed = lastPressed.current;
    lastPressed.current = null;
    if (!pressed?.disabled) return;
    const focus = pressed.ownerDocument.activeElement;
    if (focus === pressed || focus === pressed.ownerDocument.body) {
      (pressed === nextRef.current ? previousRef : nextRef).current?.focus();
    }
  }, [page]);

  function go(target: number, button: HTMLButtonElement) {
    if (loading) return;
    lastPressed.current = button;
    onPage(target);
  }

  return (
    <nav className="pager" aria-label={intl.formatMessage({ id: 'search.pager.label' })}>
      <p className="pager__summary" aria-live="polite">
        {summary}
      </p>
      <div className="pager__controls">
        <Button
          ref={previousRef}
          variant="secondary"
          size="sm"
          disabled={page <= 1}
          aria-disabled={loading || undefined}
          onClick={(event) => go(Math.max(1, page - 1), event.currentTarget)}
        >
          {intl.formatMessage({ id: 'search.pager.previous' })}
        </Button>
        <span className="pager__page">{position}</span>
        <Button
          ref={nextRef}
          variant="secondary"
          size="sm"
          disabled={page >= pages}
          aria-disabled={loading || undefined}
          onClick={(event) => go(Math.min(pages, page + 1), event.currentTarget)}
        >
          {intl.formatMessage({ id: 'search.pager.next' })}
        </Button>
      </div>
      {pages > 2 && <PageJump page={page} pages={pages} loading={loading} onPage={onPage} />}
    </nav>
  );
}

/**
 * "Go to page": 81 pages are not paged through one at a time. A form, so Enter in the field goes;
 * a wrong number is said under the field and tied to it.
 */
function PageJump({
  page,
  pages,
  loading,
  onPage,
}: {
  page: number;
  pages: number;
  loading: boolean;
  onPage: (page: number) => void;
}) {
  const intl = useIntl();
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (loading) return;
    const read = readPageJump(text, pages);
    if (!read.ok) {
      setError(read.error);
      return;
    }
    setError(undefined);
    setText('');
    if (read.page !== page) onPage(read.page);
  }

  return (
    <form className="pager__jump" onSubmit={submit} noValidate>
      <label className="pager__jump-label" htmlFor={id}>
        {intl.formatMessage({ id: 'search.pager.jump' })}
      </label>
      <input
        id={id}
        className="field__input pager__jump-input"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        placeholder={`1-${pages}`}
        value={text}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
      />
      <Button type="submit" variant="secondary" size="sm" aria-disabled={loading || undefined}>
        {intl.formatMessage({ id: 'search.pager.go' })}
      </Button>
      {error && (
        <p id={`${id}-error`} className="field__error pager__jump-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
