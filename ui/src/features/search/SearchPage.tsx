import { useNavigate, useSearch } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { useEffect, useId, useReducer, useRef, useState, type Dispatch } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { CRIME_CATEGORY_SLUGS, type CrimeCategorySlug } from '../../../../common/crime/categories.ts';
import { frameAt } from '../../../../common/map/frame.ts';
import { markIdOfCrime } from '../../../../common/map/marks.ts';
import {
  validatePeriodDraft,
  validateSearchCriteria,
  type SearchIssue,
} from '../../../../common/search/request.ts';
import { rateWithheld } from '../../../../common/search/silent-forces.ts';
import type { ApiCrime, SearchRequestBody, SearchResponse } from '../../../../common/search/types.ts';
import { Button } from '../../shared/ui/Button.tsx';
import { Alert } from '../../shared/ui/Alert.tsx';
import { bringIntoView } from '../../shared/ui/bringIntoView.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { usePoliceClockMeta } from '../clocks/policeCoverage.ts';
import { coverageAreaWords, coverageWords } from '../clocks/coverageWords.ts';
import { useToast } from '../toast/useToast.ts';
import { CrimeTypeBreakdown } from './CrimeTypeBreakdown.tsx';
import { DataNotes } from './DataNotes.tsx';
import { ExportPanel } from './ExportPanel.tsx';
import { IncidentTable } from './IncidentTable.tsx';
import { MonthlyBreakdown } from './MonthlyBreakdown.tsx';
import { PoliceDataPanel } from './PoliceDataPanel.tsx';
import { describePageFailure } from '../../shared/failureMessage.ts';
import { SearchMap } from './SearchMap.tsx';
import { lastSearchResultAtom, useCrimeSearch } from './searchAtoms.ts';
import {
  useAvailableDatesQuery,
  useForgetSearches,
  useMarkCrimesQuery,
  useSearchMapQuery,
} from './searchQueries.ts';
import { draftReducer, needsAdvancedOptions, type DraftAction } from './searchDraft.ts';
import { fieldOfIssue, type FieldError } from './fieldIssue.ts';
import { longMonth } from './searchFormat.ts';
import { areaLabel, issueWords, periodLabel, silentAreaHeading, silentAreaWords } from './searchWords.ts';
import { SearchForm } from './SearchForm.tsx';
import { SummaryStats } from './SummaryStats.tsx';
import {
  draftFromUrl,
  hiddenCategories,
  hiddenCategoriesText,
  requestFromUrl,
  urlFromDraft,
  type SearchUrl,
} from './searchParams.ts';
import { areaIdOfSearch } from '../../../../common/alerts/area-links.ts';
import { areaForceIds, silentForcesOf } from '../../../../common/alerts/offer.ts';
import { FollowArea } from '../alerts/FollowArea.tsx';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import './search.css';

/** The URL minus the page: what the form shows. A change of it (Back, a link) resets the form. */
function formKey(url: SearchUrl): string {
  return JSON.stringify(urlFromDraft(draftFromUrl(url)));
}

function reversedRange(url: SearchUrl): SearchIssue | null {
  const issue = validatePeriodDraft(draftFromUrl(url), longMonth);
  return issue?.code === 'RANGE_REVERSED' ? issue : null;
}

export function SearchPage() {
  const url = useSearch({ from: '/search' });
  const navigate = useNavigate({ from: '/search' });
  const { toast } = useToast();
  const setLastResult = useSetAtom(lastSearchResultAtom);
  const { forgetUnshown, refetchShown } = useForgetSearches();
  const intl = useIntl();

  const [draft, dispatch] = useReducer(draftReducer, url, draftFromUrl);
  // The field the form's own check refused, with why: marked until the visitor changes the form.
  const [refusedField, setRefusedField] = useState<FieldError | null>(null);
  const edit: Dispatch<DraftAction> = (action) => {
    setRefusedField(null);
    dispatch(action);
  };
  const formRef = useRef<HTMLFormElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const errorId = useId();
  const [advancedOpen, setAdvancedOpen] = useState(() => needsAdvancedOptions(draftFromUrl(url)));
  const [shownFormKey, setShownFormKey] = useState(() => formKey(url));
  const currentFormKey = formKey(url);
  if (shownFormKey !== currentFormKey) {
    // Adjusting state while rendering (not in an effect) keeps focus and avoids a stale frame.
    setShownFormKey(currentFormKey);
    const fromUrl = draftFromUrl(url);
    dispatch({ type: 'reset', draft: fromUrl });
    if (needsAdvancedOptions(fromUrl)) setAdvancedOpen(true);
  }

  const wanted = requestFromUrl(url);
  // A reversed range from a bookmark or an edited link is refused as the form refuses it, before any request.
  const urlIssue = wanted ? reversedRange(url) : null;
  const request = urlIssue ? null : wanted;
  const search = useCrimeSearch(request);
  const availableDates = useAvailableDatesQuery();
  const policeMeta = usePoliceClockMeta();
  const page = url.page ?? 1;

  const response = search.status === 'results' ? search.response : undefined;
  const lastPage = response ? Math.max(1, response.pagination.pages) : undefined;
  useEffect(() => {
    // Pagination stays within 1..page count, also for a hand-edited or outdated URL.
    if (lastPage !== undefined && page > lastPage) {
      void navigate({
        search: (prev) => ({ ...prev, page: lastPage > 1 ? lastPage : undefined }),
        replace: true,
        resetScroll: false,
      });
    }
  }, [lastPage, page, navigate]);

  // A refused field takes focus (its error is said under it and tied to it), in the middle of the
  // screen so a phone shows the error too.
  useEffect(() => {
    if (refusedField) bringIntoView(formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]'));
  }, [refusedField]);

  // A search the server refused, or a link the page refuses, brings its error into view and focus
  // (it is an alert, so it is also read out), unless the visitor has moved on elsewhere meanwhile.
  const shownError = urlIssue ? `url:${urlIssue.code}` : search.status === 'error' ? search.message : null;
  useEffect(() => {
    if (shownError === null) return;
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('.search-form'))
      bringIntoView(errorRef.current);
  }, [shownError]);

  // The field the server's refusal is about stays marked while the form still asks that search.
  const serverCode = urlIssue?.code ?? (search.status === 'error' ? search.code : undefined);
  const serverField = serverCode ? fieldOfIssue(serverCode, draft) : undefined;
  const draftIsShown = JSON.stringify(requestFromUrl(urlFromDraft(draft))) === JSON.stringify(wanted);
  const invalid: FieldError | undefined =
    refusedField ?? (serverField && draftIsShown ? { field: serverField, describedBy: errorId } : undefined);

  function submit() {
    const issue =
      validateSearchCriteria({
        searchType: draft.searchType,
        postcode: draft.postcode,
        forceId: draft.forceId,
        neighbourhoodId: draft.neighbourhoodId,
      }) ?? validatePeriodDraft(draft, longMonth);
    if (issue) {
      const words = issueWords(issue, draft);
      const field = fieldOfIssue(issue.code, draft);
      setRefusedField(field ? { field, text: words.text } : null);
      toast({
        variant: 'destructive',
        title: words.title,
        description: words.text,
        duration: issue.durationMs,
      });
      return;
    }
    setRefusedField(null);
    // A new search forgets every cached page of earlier searches, and asks again even when it is
    // the search already shown.
    const next = urlFromDraft(draft);
    setLastResult(null);
    forgetUnshown();
    if (JSON.stringify(requestFromUrl(next)) === JSON.stringify(request)) void refetchShown();
    void navigate({ search: next }).then(forgetUnshown);
  }

  function toggleAdvanced() {
    if (advancedOpen) dispatch({ type: 'collapseAdvanced' });
    setAdvancedOpen(!advancedOpen);
  }

  function setMapState(state: { hide?: string; at?: string }) {
    void navigate({
      search: (prev) => ({ ...prev, hide: state.hide || undefined, at: state.at }),
      replace: true,
      resetScroll: false,
    });
  }

  function goToPage(next: number) {
    void navigate({
      search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }),
      replace: true,
      resetScroll: false,
    });
  }

  return (
    <div className="page search-page">
      <PageHeader
        title={
          policeMeta
            ? intl.formatMessage(
                { id: 'search.headlineArea' },
                {
                  // The clock's own area name is English; Welsh words it from the coverage facts.
                  area:
                    policeMeta.coverage && PAGE_LOCALE === 'cy'
                      ? coverageAreaWords(policeMeta.coverage, PAGE_LOCALE)
                      : policeMeta.areaName,
                },
              )
            : intl.formatMessage({ id: 'search.headline' })
        }
        lead={intl.formatMessage({ id: 'search.lead' })}
      >
        {policeMeta?.coverage && (
          <p className="page-header__lead" data-testid="search-coverage">
            <FormattedMessage
              id="search.coverage.covers"
              values={{
                strong: (text) => <strong>{text}</strong>,
                coverage: coverageWords(policeMeta.coverage, PAGE_LOCALE),
              }}
            />
          </p>
        )}
      </PageHeader>
      <SearchForm
        ref={formRef}
        draft={draft}
        dispatch={edit}
        advancedOpen={advancedOpen}
        onToggleAdvanced={toggleAdvanced}
        onSubmit={submit}
        availableDates={availableDates}
        trend={response?.stats.monthOverMonthChange ?? null}
        invalid={invalid}
      />

      <div className="search-outcome">
        {urlIssue && (
          <Alert
            ref={errorRef}
            id={errorId}
            tabIndex={-1}
            variant="destructive"
            title={issueWords(urlIssue, draftFromUrl(url)).title}
            className="search-error"
          >
            {issueWords(urlIssue, draftFromUrl(url)).text}
          </Alert>
        )}
        {search.status === 'idle' && !urlIssue && (
          <NoSearch area={coverageAreaWords(policeMeta?.coverage, PAGE_LOCALE)} />
        )}
        {search.status === 'searching' && (
          <div className="card search-loading" role="status">
            <span className="spinner" aria-hidden="true" />
            <p>{intl.formatMessage({ id: 'search.searching' })}</p>
          </div>
        )}
        {search.status === 'error' && (
          <Alert
            ref={errorRef}
            id={errorId}
            tabIndex={-1}
            variant="destructive"
            title={intl.formatMessage({ id: 'search.error.title' }, { message: search.message })}
            className="search-error"
          >
            {search.notHeld ? (
              <NotHeldOffer
                suggestion={search.notHeld.suggestion}
                onSearch={(postcode) =>
                  void navigate({ search: (prev) => ({ ...prev, postcode, page: undefined }) })
                }
              />
            ) : (
              intl.formatMessage({ id: 'search.error.text' })
            )}
          </Alert>
        )}
        {search.status === 'results' && request && (
          <SearchResults
            request={request}
            response={search.response}
            page={page}
            pageLoading={search.pageLoading}
            pageError={search.pageError}
            onPage={goToPage}
            url={url}
            onMapState={setMapState}
          />
        )}
      </div>
    </div>
  );
}

function SearchResults({
  request,
  response,
  page,
  pageLoading,
  pageError,
  onPage,
  url,
  onMapState,
}: {
  request: SearchRequestBody;
  response: SearchResponse;
  page: number;
  pageLoading: boolean;
  pageError?: string;
  onPage: (page: number) => void;
  url: SearchUrl;
  onMapState: (state: { hide?: string; at?: string }) => void;
}) {
  const intl = useIntl();
  const total = response.stats.totalCrimes;
  const area = areaLabel(response.dataInfo);
  const period = periodLabel(response.dataInfo);
  const hasCrimes = response.pagination.total > 0;
  // The area's own force published nothing for the period while another's data is in (no data at
  // all is said as such): no "0 crimes", but who published nothing, and whose crimes are shown.
  const silent = total === null ? undefined : rateWithheld(response.dataInfo, response.stats);
  const alertArea = areaIdOfSearch(request);
  const mapState = useSearchMapQuery(request, hasCrimes);
  const map = mapState.data;
  const hidden = hiddenCategories(url);
  const selected = url.at;
  const marks = useMarkCrimes(request, selected, url.hide);
  const [shownCrime, setShownCrime] = useState<ApiCrime | undefined>(undefined);
  const highlighted =
    map && shownCrime ? markIdOfCrime(shownCrime, map.binning, frameAt(map.centre)) : undefined;

  function toggleCategory(slug: CrimeCategorySlug) {
    const next = new Set(hidden);
    if (next.has(slug)) next.delete(slug);
    else next.add(slug);
    onMapState({ hide: hiddenCategoriesText(next), at: selected });
  }

  // A new answer to the visitor's search brings its heading, with the total, into view and
  // focus, which screen readers announce; a focus elsewhere (the map, the table) is left alone.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('.search-form')) heading.current?.focus();
  }, [response]);

  const tableResponse = marks.data
    ? { ...response, data: marks.data.data, pagination: marks.data.pagination }
    : response;
  return (
    <div className="search-results">
      <div className="search-results__head">
        <h2 ref={heading} tabIndex={-1} className="search-results__title">
          {silent
            ? silentAreaHeading(silent, total, area, period)
            : total === null
              ? intl.formatMessage({ id: 'search.results.noData' }, { area, period })
              : intl.formatMessage({ id: 'search.results.found' }, { count: total, area, period })}
        </h2>
        {alertArea && (
          <FollowArea
            areaId={alertArea}
            label={area}
            silentForces={silentForcesOf(
              areaForceIds(alertArea, [
                ...(response.dataInfo.forcesWithData ?? []),
                ...response.dataInfo.forcesWithoutData,
              ]),
            )}
          />
        )}
      </div>
      <DataNotes dataInfo={response.dataInfo} />
      <SummaryStats response={response} />
      <div className="search-results__grid">
        <CrimeTypeBreakdown
          stats={response.stats}
          periodMonths={response.dataInfo.totalMonths}
          rateWithheld={rateWithheld(response.dataInfo, response.stats) !== undefined}
          silentNote={silent && silentAreaWords(silent)}
        />
        <MonthlyBreakdown months={response.stats.monthlyBreakdown} />
      </div>
      {hasCrimes && mapState.isPending && (
        <section className="card search-map search-map--loading" aria-busy="true">
          <p className="muted">{intl.formatMessage({ id: 'search.map.drawing' })}</p>
        </section>
      )}
      {mapState.isError && (
        <Alert
          variant="destructive"
          title={intl.formatMessage({ id: 'search.map.loadFailed' })}
          className="search-map__error"
        >
          {describePageFailure(intl, mapState.error, PAGE_LOCALE)}
        </Alert>
      )}
      {map && (
        <SearchMap
          map={map}
          totalCrimes={response.pagination.total}
          hidden={hidden}
          selected={selected}
          highlighted={highlighted}
          onToggleCategory={toggleCategory}
          onShowAll={() => onMapState({ at: selected })}
          onSelect={(at) => onMapState({ hide: url.hide, at })}
        />
      )}
      <IncidentTable
        response={tableResponse}
        page={selected ? marks.page : page}
        pageLoading={selected ? marks.loading : pageLoading}
        pageError={selected ? marks.error : pageError}
        onPage={selected ? marks.setPage : onPage}
        exportPanel={<ExportPanel request={request} response={response} />}
        notice={
          selected && (
            <div className="incidents__notice" role="status">
              <p>
                {marks.data
                  ? intl.formatMessage(
                      { id: 'search.markCrimes.count' },
                      { count: marks.data.pagination.total, filtered: hidden.size > 0 },
                    )
                  : intl.formatMessage({ id: 'search.markCrimes.loading' })}
              </p>
              <Button variant="secondary" size="sm" onClick={() => onMapState({ hide: url.hide })}>
                {intl.formatMessage({ id: 'search.markCrimes.showAll' })}
              </Button>
            </div>
          )
        }
        onShowOnMap={
          map ? (crime) => setShownCrime(shownCrime?.id === crime.id ? undefined : crime) : undefined
        }
        shownOnMap={shownCrime?.id}
      />
      <PoliceDataPanel response={response} />
    </div>
  );
}

/**
 * The crimes of the mark chosen on the map, a page at a time; the page starts again at 1 when the
 * mark or the shown crime types change, and the last answer stays up while the next one loads.
 */
function useMarkCrimes(request: SearchRequestBody, mark: string | undefined, hide: string | undefined) {
  const intl = useIntl();
  const selection = `${mark ?? ''}|${hide ?? ''}`;
  const [state, setState] = useState({ selection, page: 1 });
  if (state.selection !== selection) setState({ selection, page: 1 });
  const page = state.selection === selection ? state.page : 1;
  const hidden = new Set(hide ? hide.split(',') : []);
  const shown = hidden.size > 0 ? CRIME_CATEGORY_SLUGS.filter((slug) => !hidden.has(slug)) : undefined;
  const read = useMarkCrimesQuery(request, mark, page, shown);
  return {
    data: mark ? read.data : undefined,
    page,
    loading: read.isFetching,
    error: read.isError ? describePageFailure(intl, read.error, PAGE_LOCALE) : undefined,
    setPage: (next: number) => setState({ selection, page: next }),
  };
}

/**
 * A well-formed postcode the store cannot place is not the visitor's typing: said so, with the
 * held postcode of its district nearest it as a search to run.
 */
function NotHeldOffer({
  suggestion,
  onSearch,
}: {
  suggestion: string | undefined;
  onSearch: (postcode: string) => void;
}) {
  const intl = useIntl();
  return (
    <>
      <p>{intl.formatMessage({ id: 'search.error.notHeld' })}</p>
      {suggestion && (
        <p>
          <Button type="button" variant="secondary" size="sm" onClick={() => onSearch(suggestion)}>
            {intl.formatMessage({ id: 'search.error.tryNearest' }, { postcode: suggestion })}
          </Button>
        </p>
      )}
    </>
  );
}

const SEARCH_MODES = ['radius', 'force', 'neighbourhood'] as const;

/** `area`: what the store covers, in the words of the one coverage statement (common/police-coverage). */
function NoSearch({ area }: { area: string }) {
  const intl = useIntl();
  return (
    <section className="card search-empty" aria-labelledby="no-search-title">
      <h2 id="no-search-title" className="search-empty__title">
        {intl.formatMessage({ id: 'search.noSearch.title' })}
      </h2>
      <p className="muted">{intl.formatMessage({ id: 'search.noSearch.text' }, { area })}</p>
      <ul className="search-modes">
        {SEARCH_MODES.map((mode) => (
          <li key={mode} className="search-mode">
            <p className="search-mode__title">{intl.formatMessage({ id: `search.mode.${mode}.title` })}</p>
            <p className="search-mode__text">{intl.formatMessage({ id: `search.mode.${mode}.text` })}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
