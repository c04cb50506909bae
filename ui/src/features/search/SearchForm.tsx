import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type Dispatch, type FormEvent, type ReactNode } from 'react';
import { isValidPostcode } from '../../../../common/postcode/postcode.ts';
import {
  PERIOD_PRESETS,
  presetMonthsWithData,
  type TimePeriodChoice,
} from '../../../../common/search/period.ts';
import { validatePeriodDraft } from '../../../../common/search/request.ts';
import type {
  AvailableDatesResponse,
  MonthOverMonthChange,
  SearchType,
} from '../../../../common/search/types.ts';
import { Button } from '../../shared/ui/Button.tsx';
import { PostcodeCombobox } from './PostcodeCombobox.tsx';
import { useForcesQuery, useNeighbourhoodsQuery } from './searchQueries.ts';
import type { DraftAction } from './searchDraft.ts';
import { longMonth } from './searchFormat.ts';
import type { SearchDraft } from './searchParams.ts';
import { TrendIndicator } from './TrendIndicator.tsx';

export interface SearchFormProps {
  draft: SearchDraft;
  dispatch: Dispatch<DraftAction>;
  advancedOpen: boolean;
  onToggleAdvanced: () => void;
  onSubmit: () => void;
  availableDates: UseQueryResult<AvailableDatesResponse>;
  /** The trend of the results on screen, for the badge beside the button. */
  trend: MonthOverMonthChange | null;
}

const SEARCH_TYPE_CHOICES: { value: SearchType; label: string; hint: string }[] = [
  { value: 'radius', label: 'Postcode + Radius', hint: 'Within 1 mile of a postcode' },
  { value: 'neighbourhood', label: 'Neighbourhood', hint: "Inside a police neighbourhood's boundary" },
  { value: 'force', label: 'Police Force', hint: 'Everything one force recorded' },
];

const PERIOD_CHOICES: { value: TimePeriodChoice; label: string }[] = [
  ...PERIOD_PRESETS.map((p) => ({ value: p.choice, label: p.label })),
  { value: 'single', label: 'Single Month' },
  { value: 'range', label: 'Date Range' },
];

export function SearchForm({
  draft,
  dispatch,
  advancedOpen,
  onToggleAdvanced,
  onSubmit,
  availableDates,
  trend,
}: SearchFormProps) {
  const advancedId = useId();
  const radius = draft.searchType === 'radius';
  const blocked = radius && !isValidPostcode(draft.postcode.trim());

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <form className="card search-form" onSubmit={submit} aria-label="Crime search" noValidate>
      <div className="search-form__main">
        {radius ? (
          <PostcodeCombobox
            value={draft.postcode}
            onChange={(value) => dispatch({ type: 'postcode', value })}
            onSubmit={onSubmit}
          />
        ) : (
          <p className="search-form__scope">
            {draft.searchType === 'force'
              ? 'Searching a whole police force. Choose the force under Advanced Search Options.'
              : 'Searching inside a police neighbourhood. Choose the force and neighbourhood under Advanced Search Options.'}
          </p>
        )}
        <div className="search-form__actions">
          <Button type="submit" size="lg" disabled={blocked}>
            <SearchIcon />
            Search Crime Data
          </Button>
          {trend && (
            <TrendIndicator
              className="search-form__trend"
              size="small"
              percentage={trend.percentage}
              direction={trend.direction}
              comparable={trend.comparable}
              comparisonMonths={trend.comparisonMonths}
            />
          )}
        </div>
      </div>

      <div className="search-form__advanced">
        <button
          type="button"
          className="disclosure"
          aria-expanded={advancedOpen}
          aria-controls={advancedId}
          onClick={onToggleAdvanced}
        >
          <svg className="disclosure__chevron" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
            <path
              d="M6 3 L11 8 L6 13"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
            />
          </svg>
          Advanced Search Options
        </button>
        <div id={advancedId} hidden={!advancedOpen} className="advanced">
          {advancedOpen && (
            <AdvancedOptions draft={draft} dispatch={dispatch} availableDates={availableDates} />
          )}
        </div>
      </div>
    </form>
  );
}

function AdvancedOptions({
  draft,
  dispatch,
  availableDates,
}: Pick<SearchFormProps, 'draft' | 'dispatch' | 'availableDates'>) {
  const needsForce = draft.searchType !== 'radius';
  const forces = useForcesQuery(needsForce);
  const wantsNeighbourhoods = draft.searchType === 'neighbourhood' && draft.forceId !== '';
  const neighbourhoods = useNeighbourhoodsQuery(draft.forceId, wantsNeighbourhoods);
  const dates = availableDates.status === 'success' ? availableDates.data : undefined;
  const months = dates?.dates.map((d) => d.date) ?? [];
  // Said beside the fields as soon as it is true, not only when the search is refused.
  const reversed = validatePeriodDraft(draft, longMonth)?.code === 'RANGE_REVERSED';

  return (
    <div className="advanced__grid">
      <fieldset className="advanced__types">
        <legend className="field__label">Search type</legend>
        <div className="choice-cards">
          {SEARCH_TYPE_CHOICES.map((choice) => (
            <label key={choice.value} className="choice-card">
              <input
                type="radio"
                name="searchType"
                value={choice.value}
                checked={draft.searchType === choice.value}
                onChange={() => dispatch({ type: 'searchType', value: choice.value })}
              />
              <span className="choice-card__text">
                <span className="choice-card__label">{choice.label}</span>
                <span className="choice-card__hint">{choice.hint}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {needsForce && (
        <SelectField
          label="Police force"
          value={draft.forceId}
          onChange={(value) => dispatch({ type: 'force', value })}
          state={forces}
          placeholder="Choose a police force"
          loadingText="Loading police forces..."
          errorText="Could not load the police forces."
        >
          {forces.status === 'success' &&
            forces.data.map((force) => (
              <option key={force.id} value={force.id}>
                {force.hasData === false ? `${force.name} (no data)` : force.name}
              </option>
            ))}
        </SelectField>
      )}

      {wantsNeighbourhoods && (
        <SelectField
          label="Neighbourhood"
          value={draft.neighbourhoodId}
          onChange={(value) => dispatch({ type: 'neighbourhood', value })}
          state={neighbourhoods}
          placeholder={
            neighbourhoods.status === 'success' && neighbourhoods.data.length === 0
              ? 'No neighbourhoods stored for this force'
              : 'Choose a neighbourhood'
          }
          loadingText="Loading neighbourhoods..."
          errorText="Could not load the neighbourhoods of this force."
        >
          {neighbourhoods.status === 'success' &&
            neighbourhoods.data.map((n) => (
              <option key={n.id} value={n.id} disabled={n.hasBoundary === false}>
                {n.hasBoundary === false ? `${n.name} (no boundary)` : n.name}
              </option>
            ))}
        </SelectField>
      )}

      <div className="advanced__period">
        <SelectField
          label="Time period"
          value={draft.period}
          onChange={(value) => dispatch({ type: 'period', value: value as TimePeriodChoice })}
        >
          {PERIOD_CHOICES.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </SelectField>
        <PresetMonths choice={draft.period} months={months} />
        {draft.period === 'single' && (
          <MonthSelect
            label="Month"
            value={draft.singleMonth}
            months={months}
            onChange={(value) => dispatch({ type: 'singleMonth', value })}
          />
        )}
        {draft.period === 'range' && (
          <>
            <MonthSelect
              label="From"
              value={draft.fromMonth}
              months={months}
              onChange={(value) => dispatch({ type: 'fromMonth', value })}
            />
            <MonthSelect
              label="To"
              value={draft.toMonth}
              months={months}
              onChange={(value) => dispatch({ type: 'toMonth', value })}
              error={
                reversed ? 'The To month is before the From month: choose one on or after it.' : undefined
              }
            />
          </>
        )}
      </div>

      <p className="advanced__latest">
        <CalendarIcon />
        {availableDates.status === 'success'
          ? availableDates.data.latestDateFormatted
            ? `Latest police data: ${availableDates.data.latestDateFormatted}`
            : 'No police data has been imported yet.'
          : availableDates.status === 'error'
            ? 'The latest data month could not be loaded.'
            : 'Checking the latest data month...'}
      </p>
    </div>
  );
}

/**
 * What a preset covers, before searching: the latest months WITH DATA (a store holding one month
 * is not searched over three), worked out by the rule the server applies (common/search/period.ts).
 */
function PresetMonths({ choice, months }: { choice: TimePeriodChoice; months: readonly string[] }) {
  const preset = PERIOD_PRESETS.find((p) => p.choice === choice);
  const covered = preset && presetMonthsWithData(preset.preset, months);
  if (!preset || !covered) return null;
  const span =
    covered.startMonth === covered.endMonth
      ? longMonth(covered.endMonth)
      : `${longMonth(covered.startMonth)} to ${longMonth(covered.endMonth)}`;
  const what =
    preset.preset === 'ALL_AVAILABLE'
      ? 'All the months held, up to five years'
      : covered.withData === 1
        ? 'The latest month with data'
        : `The latest ${covered.withData} months with data`;
  return (
    <p className="advanced__preset-months" data-testid="preset-months">
      {what}: {span}
    </p>
  );
}

interface SelectFieldProps<T> {
  label: string;
  /** A problem with the chosen value, said under the field and tied to it. */
  invalid?: string;
  value: string;
  onChange: (value: string) => void;
  state?: UseQueryResult<T>;
  placeholder?: string;
  loadingText?: string;
  errorText?: string;
  children: ReactNode;
}

function SelectField<T>({
  label,
  invalid,
  value,
  onChange,
  state,
  placeholder,
  loadingText,
  errorText,
  children,
}: SelectFieldProps<T>) {
  const id = useId();
  const loading = state?.isLoading === true;
  const failed = state?.status === 'error';
  const message = failed ? errorText : invalid;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__input field__select"
        value={value}
        disabled={loading || failed}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {placeholder !== undefined && <option value="">{loading ? loadingText : placeholder}</option>}
        {children}
      </select>
      {message && (
        <p id={`${id}-error`} className="field__error" role={invalid ? 'alert' : undefined}>
          {message}
        </p>
      )}
    </div>
  );
}

function MonthSelect({
  label,
  value,
  months,
  onChange,
  error,
}: {
  label: string;
  value: string;
  months: readonly string[];
  onChange: (value: string) => void;
  error?: string;
}) {
  // A bookmarked month the store no longer lists still shows what was chosen.
  const listed = value === '' || months.includes(value) ? months : [value, ...months];
  return (
    <SelectField label={label} value={value} onChange={onChange} placeholder="Choose a month" invalid={error}>
      {listed.map((month) => (
        <option key={month} value={month}>
          {longMonth(month)}
        </option>
      ))}
    </SelectField>
  );
}

function SearchIcon() {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
      <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M13 13 L17.5 17.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function CalendarIcon() {
  return (
    <svg viewBox="0 0 20 20" width="16" height="16" aria-hidden="true">
      <rect
        x="3"
        y="4.5"
        width="14"
        height="12.5"
        rx="2"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      />
      <path
        d="M3 8.5 H17 M7 2.5 V6 M13 2.5 V6"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
      />
    </svg>
  );
}
