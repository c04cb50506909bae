import type { UseQueryResult } from '@tanstack/react-query';
import { useId, type Dispatch, type FormEvent, type ReactNode, type Ref } from 'react';
import { useIntl } from 'react-intl';
import { forceNameFor, inForceNameOrder } from '../../../../common/police/force-name.ts';
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
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { Button } from '../../shared/ui/Button.tsx';
import { monthSpanWords } from '../clocks/coverageWords.ts';
import { errorOf, type FieldError } from './fieldIssue.ts';
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
  /** The field the last search was refused for, marked invalid until it is changed. */
  invalid?: FieldError;
  ref?: Ref<HTMLFormElement>;
}

const SEARCH_TYPE_CHOICES: readonly SearchType[] = ['radius', 'neighbourhood', 'force'];

/** The presets, then a single month and a range; each worded as `search.period.<choice>`. */
const PERIOD_CHOICES: readonly TimePeriodChoice[] = [
  ...PERIOD_PRESETS.map((p) => p.choice),
  'single',
  'range',
];

export function SearchForm({
  draft,
  dispatch,
  advancedOpen,
  onToggleAdvanced,
  onSubmit,
  availableDates,
  trend,
  invalid,
  ref,
}: SearchFormProps) {
  const intl = useIntl();
  const advancedId = useId();
  const radius = draft.searchType === 'radius';
  const blocked = radius && !isValidPostcode(draft.postcode.trim());

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }

  return (
    <form
      ref={ref}
      className="card search-form"
      onSubmit={submit}
      aria-label={intl.formatMessage({ id: 'search.form.label' })}
      noValidate
    >
      <div className="search-form__main">
        {radius ? (
          <PostcodeCombobox
            value={draft.postcode}
            onChange={(value) => dispatch({ type: 'postcode', value })}
            onSubmit={onSubmit}
            error={errorOf(invalid, 'postcode')}
          />
        ) : (
          <p className="search-form__scope">
            {intl.formatMessage({
              id:
                draft.searchType === 'force' ? 'search.form.scope.force' : 'search.form.scope.neighbourhood',
            })}
          </p>
        )}
        <div className="search-form__actions">
          <Button type="submit" size="lg" disabled={blocked}>
            <SearchIcon />
            {intl.formatMessage({ id: 'search.form.submit' })}
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
          {intl.formatMessage({ id: 'search.form.advanced' })}
        </button>
        <div id={advancedId} hidden={!advancedOpen} className="advanced">
          {advancedOpen && (
            <AdvancedOptions
              draft={draft}
              dispatch={dispatch}
              availableDates={availableDates}
              invalid={invalid}
            />
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
  invalid,
}: Pick<SearchFormProps, 'draft' | 'dispatch' | 'availableDates' | 'invalid'>) {
  const intl = useIntl();
  const needsForce = draft.searchType !== 'radius';
  const forces = useForcesQuery(needsForce);
  const wantsNeighbourhoods = draft.searchType === 'neighbourhood' && draft.forceId !== '';
  const neighbourhoods = useNeighbourhoodsQuery(draft.forceId, wantsNeighbourhoods);
  const dates = availableDates.status === 'success' ? availableDates.data : undefined;
  const months = dates?.dates.map((d) => d.date) ?? [];
  // Said beside the fields as soon as it is true, not only when the search is refused.
  const reversed = validatePeriodDraft(draft, longMonth)?.code === 'RANGE_REVERSED';
  // A refusal of the range (said here, or in the page's error) and, until it is mended, why.
  const refusedTo = errorOf(invalid, 'toMonth');
  const toMonthError: FieldError | undefined =
    refusedTo || reversed
      ? {
          field: 'toMonth',
          describedBy: refusedTo?.describedBy,
          text:
            refusedTo?.text ?? (reversed ? intl.formatMessage({ id: 'search.form.reversed' }) : undefined),
        }
      : undefined;

  return (
    <div className="advanced__grid">
      <fieldset className="advanced__types">
        <legend className="field__label">{intl.formatMessage({ id: 'search.form.type' })}</legend>
        <div className="choice-cards">
          {SEARCH_TYPE_CHOICES.map((choice) => (
            <label key={choice} className="choice-card">
              <input
                type="radio"
                name="searchType"
                value={choice}
                checked={draft.searchType === choice}
                onChange={() => dispatch({ type: 'searchType', value: choice })}
              />
              <span className="choice-card__text">
                <span className="choice-card__label">
                  {intl.formatMessage({ id: `search.form.type.${choice}` })}
                </span>
                <span className="choice-card__hint">
                  {intl.formatMessage({ id: `search.form.type.${choice}.hint` })}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {needsForce && (
        <SelectField
          label={intl.formatMessage({ id: 'search.form.force' })}
          value={draft.forceId}
          onChange={(value) => dispatch({ type: 'force', value })}
          state={forces}
          error={errorOf(invalid, 'force')}
          placeholder={intl.formatMessage({ id: 'search.form.force.choose' })}
          loadingText={intl.formatMessage({ id: 'search.form.force.loading' })}
          errorText={intl.formatMessage({ id: 'search.form.force.error' })}
        >
          {forces.status === 'success' &&
            inForceNameOrder(forces.data, PAGE_LOCALE).map((force) => {
              const name = forceNameFor(force.id, PAGE_LOCALE, force.name);
              return (
                <option key={force.id} value={force.id}>
                  {force.hasData === false
                    ? intl.formatMessage({ id: 'search.form.force.noData' }, { name })
                    : name}
                </option>
              );
            })}
        </SelectField>
      )}

      {wantsNeighbourhoods && (
        <SelectField
          label={intl.formatMessage({ id: 'search.form.neighbourhood' })}
          value={draft.neighbourhoodId}
          onChange={(value) => dispatch({ type: 'neighbourhood', value })}
          state={neighbourhoods}
          error={errorOf(invalid, 'neighbourhood')}
          placeholder={intl.formatMessage({
            id:
              neighbourhoods.status === 'success' && neighbourhoods.data.length === 0
                ? 'search.form.neighbourhood.none'
                : 'search.form.neighbourhood.choose',
          })}
          loadingText={intl.formatMessage({ id: 'search.form.neighbourhood.loading' })}
          errorText={intl.formatMessage({ id: 'search.form.neighbourhood.error' })}
        >
          {neighbourhoods.status === 'success' &&
            neighbourhoods.data.map((n) => (
              <option key={n.id} value={n.id} disabled={n.hasBoundary === false}>
                {n.hasBoundary === false
                  ? intl.formatMessage({ id: 'search.form.neighbourhood.noBoundary' }, { name: n.name })
                  : n.name}
              </option>
            ))}
        </SelectField>
      )}

      <div className="advanced__period">
        <SelectField
          label={intl.formatMessage({ id: 'search.form.period' })}
          value={draft.period}
          onChange={(value) => dispatch({ type: 'period', value: value as TimePeriodChoice })}
        >
          {PERIOD_CHOICES.map((choice) => (
            <option key={choice} value={choice}>
              {intl.formatMessage({ id: `search.period.${choice}` })}
            </option>
          ))}
        </SelectField>
        <PresetMonths choice={draft.period} months={months} />
        {draft.period === 'single' && (
          <MonthSelect
            label={intl.formatMessage({ id: 'search.form.month' })}
            value={draft.singleMonth}
            months={months}
            onChange={(value) => dispatch({ type: 'singleMonth', value })}
            error={errorOf(invalid, 'singleMonth')}
          />
        )}
        {draft.period === 'range' && (
          <>
            <MonthSelect
              label={intl.formatMessage({ id: 'search.form.from' })}
              value={draft.fromMonth}
              months={months}
              onChange={(value) => dispatch({ type: 'fromMonth', value })}
              error={errorOf(invalid, 'fromMonth')}
            />
            <MonthSelect
              label={intl.formatMessage({ id: 'search.form.to' })}
              value={draft.toMonth}
              months={months}
              onChange={(value) => dispatch({ type: 'toMonth', value })}
              error={toMonthError}
            />
          </>
        )}
      </div>

      <p className="advanced__latest">
        <CalendarIcon />
        {availableDates.status === 'success'
          ? availableDates.data.latestDateFormatted
            ? intl.formatMessage(
                { id: 'search.form.latest' },
                {
                  month: availableDates.data.dates[0]
                    ? longMonth(availableDates.data.dates[0].date)
                    : availableDates.data.latestDateFormatted,
                },
              )
            : intl.formatMessage({ id: 'search.form.latest.none' })
          : intl.formatMessage({
              id:
                availableDates.status === 'error'
                  ? 'search.form.latest.error'
                  : 'search.form.latest.checking',
            })}
      </p>
    </div>
  );
}

/**
 * What a preset covers, before searching: the latest months WITH DATA (a store holding one month
 * is not searched over three), worked out by the rule the server applies (common/search/period.ts).
 */
function PresetMonths({ choice, months }: { choice: TimePeriodChoice; months: readonly string[] }) {
  const intl = useIntl();
  const preset = PERIOD_PRESETS.find((p) => p.choice === choice);
  const covered = preset && presetMonthsWithData(preset.preset, months);
  if (!preset || !covered) return null;
  const span = monthSpanWords(covered.startMonth, covered.endMonth, PAGE_LOCALE);
  const what =
    preset.preset === 'ALL_AVAILABLE'
      ? intl.formatMessage({ id: 'search.form.preset.all' })
      : intl.formatMessage({ id: 'search.form.preset.latest' }, { count: covered.withData });
  return (
    <p className="advanced__preset-months" data-testid="preset-months">
      {what}: {span}
    </p>
  );
}

interface SelectFieldProps<T> {
  label: string;
  /** A problem with the chosen value, said under the field (or in an error elsewhere) and tied to it. */
  error?: FieldError;
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
  error,
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
  const invalid = error?.text;
  const message = failed ? errorText : invalid;
  const describedBy = [message ? `${id}-error` : undefined, error?.describedBy].filter(Boolean).join(' ');
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
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
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
  error?: FieldError;
}) {
  // A bookmarked month the store no longer lists still shows what was chosen.
  const intl = useIntl();
  const listed = value === '' || months.includes(value) ? months : [value, ...months];
  return (
    <SelectField
      label={label}
      value={value}
      onChange={onChange}
      placeholder={intl.formatMessage({ id: 'search.form.month.choose' })}
      error={error}
    >
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
