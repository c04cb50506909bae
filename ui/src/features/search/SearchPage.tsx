import { useNavigate, useSearch } from '@tanstack/react-router';
import { useSetAtom } from 'jotai';
import { useEffect, useReducer, useRef, useState } from 'react';
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
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { searchHeadline, usePoliceClockMeta } from '../clocks/policeCoverage.ts';
import { useToast } from '../toast/useToast.ts';
import { CrimeTypeBreakdown } from './CrimeTypeBreakdown.tsx';
import { DataNotes } from './DataNotes.tsx';
import { ExportPanel } from './ExportPanel.tsx';
import { IncidentTable } from './IncidentTable.tsx';
import { MonthlyBreakdown } from './MonthlyBreakdown.tsx';
import { PoliceDataPanel } from './PoliceDataPanel.tsx';
import { searchErrorMessage } from './searchApi.ts';
import { SearchMap } from './SearchMap.tsx';
import { lastSearchResultAtom, useCrimeSearch } from './searchAtoms.ts';
import {
  useAvailableDatesQuery,
  useForgetSearches,
  useMarkCrimesQuery,
  useSearchMapQuery,
} from './searchQueries.ts';
import { draftReducer, needsAdvancedOptions } from './searchDraft.ts';
import { formatCount, longMonth } from './searchFormat.ts';
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
import { AreaAlerts } from '../alerts/AreaAlerts.tsx';
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

  const [draft, dispatch] = useReducer(draftReducer, url, draftFromUrl);
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

  function submit() {
    const issue =
      validateSearchCriteria({
        searchType: draft.searchType,
        postcode: draft.postcode,
        forceId: draft.forceId,
        neighbourhoodId: draft.neighbourhoodId,
      }) ?? validatePeriodDraft(draft, longMonth);
    if (issue) {
      toast({
        variant: 'destructive',
        title: issue.title,
        description: issue.text,
        duration: issue.durationMs,
      });
      return;
    }
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
        title={searchHeadline(policeMeta)}
        lead="Police-recorded crime around a postcode, inside a police neighbourhood or across a whole police force."
      >
        {policeMeta?.coverage && (
          <p className="page-header__lead" data-testid="search-coverage">
            <strong>Covers:</strong> {policeMeta.coverage.text}.
          </p>
        )}
      </PageHeader>
      <SearchForm
        draft={draft}
        dispatch={dispatch}
        advancedOpen={advancedOpen}
        onToggleAdvanced={toggleAdvanced}
        onSubmit={submit}
        availableDates={availableDates}
        trend={response?.stats.monthOverMonthChange ?? null}
      />

      <div className="search-outcome">
        {urlIssue && (
          <Alert variant="destructive" title={urlIssue.title} className="search-error">
            {urlIssue.text}
          </Alert>
        )}
        {search.status === 'idle' && !urlIssue && (
          <NoSearch area={policeMeta?.coverage?.area ?? 'England and Wales'} />
        )}
        {search.status === 'searching' && (
          <div className="card search-loading" role="status">
            <span className="spinner" aria-hidden="true" />
            <p>Searching crime data...</p>
          </div>
        )}
        {search.status === 'error' && (
          <Alert variant="destructive" title={`Error: ${search.message}`} className="search-error">
            Check the search above and try again.
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
  const total = response.stats.totalCrimes;
  const hasCrimes = response.pagination.total > 0;
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
      <h2 ref={heading} tabIndex={-1} className="search-results__title">
        {total === null
          ? `No data for ${response.dataInfo.area.label}, ${response.dataInfo.timeRange.label}`
          : `${formatCount(total)} ${total === 1 ? 'crime' : 'crimes'} found for ${response.dataInfo.area.label}, ${response.dataInfo.timeRange.label}`}
      </h2>
      <DataNotes dataInfo={response.dataInfo} />
      <SummaryStats response={response} />
      <div className="search-results__grid">
        <CrimeTypeBreakdown
          stats={response.stats}
          periodMonths={response.dataInfo.totalMonths}
          rateWithheld={rateWithheld(response.dataInfo, response.stats) !== undefined}
        />
        <MonthlyBreakdown months={response.stats.monthlyBreakdown} />
      </div>
      {hasCrimes && mapState.isPending && (
        <section className="card search-map search-map--loading" aria-busy="true">
          <p className="muted">Drawing the map...</p>
        </section>
      )}
      {mapState.isError && (
        <Alert variant="destructive" title="The map could not be loaded" className="search-map__error">
          {searchErrorMessage(mapState.error)}
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
                  ? `The ${formatCount(marks.data.pagination.total)} ${marks.data.pagination.total === 1 ? 'crime' : 'crimes'} of the place chosen on the map${hidden.size > 0 ? ', of the shown crime types' : ''}.`
                  : 'Crimes of the place chosen on the map.'}
              </p>
              <Button variant="secondary" size="sm" onClick={() => onMapState({ hide: url.hide })}>
                Show all crimes
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
      {alertArea && <AreaAlerts areaId={alertArea} label={response.dataInfo.area.label} />}
    </div>
  );
}

/**
 * The crimes of the mark chosen on the map, a page at a time; the page starts again at 1 when the
 * mark or the shown crime types change, and the last answer stays up while the next one loads.
 */
function useMarkCrimes(request: SearchRequestBody, mark: string | undefined, hide: string | undefined) {
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
    error: read.isError ? searchErrorMessage(read.error) : undefined,
    setPage: (next: number) => setState({ selection, page: next }),
  };
}

const SEARCH_MODES = [
  {
    title: 'Postcode + Radius',
    text: 'Every crime within 1 mile of a UK postcode. Type a postcode above to start.',
  },
  {
    title: 'Police Force Analysis',
    text: 'Everything one police force recorded. Choose "Police Force" under Advanced Search Options.',
  },
  {
    title: 'Neighbourhood Statistics',
    text: 'Crimes inside a police neighbourhood\'s boundary. Choose "Neighbourhood" under Advanced Search Options.',
  },
];

/** `area`: what the store covers, in the words of the one coverage statement (common/police-coverage). */
function NoSearch({ area }: { area: string }) {
  return (
    <section className="card search-empty" aria-labelledby="no-search-title">
      <h2 id="no-search-title" className="search-empty__title">
        No Search Performed
      </h2>
      <p className="muted">Search police-recorded crime in {area} in one of three ways:</p>
      <ul className="search-modes">
        {SEARCH_MODES.map((mode) => (
          <li key={mode.title} className="search-mode">
            <p className="search-mode__title">{mode.title}</p>
            <p className="search-mode__text">{mode.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
