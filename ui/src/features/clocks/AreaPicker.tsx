/**
 * The police clock's location card: pick a postcode, a force or a neighbourhood and the page shows
 * that area's clock. The choice lives in the URL (`?area=…`), so the link can be shared, put on a
 * wall screen or embedded.
 */
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { clockAreaId, parseClockAreaId, type ClockAreaKind } from '../../../../common/clock/area.ts';
import { forceNameFor, inForceNameOrder } from '../../../../common/police/force-name.ts';
import { parsePostcode } from '../../../../common/postcode/postcode.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { Button } from '../../shared/ui/Button.tsx';
import { Field } from '../../shared/ui/Field.tsx';
import { useForcesQuery, useNeighbourhoodsQuery } from '../search/searchQueries.ts';
import { areaChoiceIssue, type AreaDraft } from './areaChoice.ts';
import { clockMessage, type ClockMessageId } from './clockIntl.ts';

type Mode = 'national' | ClockAreaKind;

const MODES: readonly Mode[] = ['national', 'postcode', 'force', 'neighbourhood'];

const say = (id: ClockMessageId, values?: Parameters<typeof clockMessage>[2]) =>
  clockMessage(PAGE_LOCALE, id, values);

function draftOf(areaId: string | undefined): AreaDraft {
  const area = parseClockAreaId(areaId);
  return {
    mode: area?.kind ?? 'national',
    postcode: area?.kind === 'postcode' ? (parsePostcode(area.postcode)?.canonical ?? '') : '',
    forceId: area && area.kind !== 'postcode' ? area.forceId : '',
    neighbourhoodId: area?.kind === 'neighbourhood' ? area.neighbourhoodId : '',
  };
}

export function AreaPicker({ area, areaName }: { area?: string; areaName?: string }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<AreaDraft>(() => draftOf(area));
  const [issue, setIssue] = useState<ClockMessageId | null>(null);
  const headingId = useId();
  const fieldId = useId();
  const wantsForces = draft.mode === 'force' || draft.mode === 'neighbourhood';
  const forces = useForcesQuery(wantsForces);
  const wantsNeighbourhoods = draft.mode === 'neighbourhood' && draft.forceId !== '';
  const neighbourhoods = useNeighbourhoodsQuery(draft.forceId, wantsNeighbourhoods);
  const change = (patch: Partial<AreaDraft>) => {
    setIssue(null);
    setDraft((d) => ({ ...d, ...patch }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = areaChoiceIssue(draft);
    if (typeof checked === 'string') return setIssue(checked);
    void navigate({ to: '/police-crime-clock', search: checked ? { area: clockAreaId(checked) } : {} });
  };

  return (
    <section className="clock-section clock-location" aria-labelledby={headingId}>
      <header className="clock-section__head">
        <h2 id={headingId}>{say('clocks.area.heading')}</h2>
        <p className="clock-section__note">
          {area
            ? say('clocks.area.showing', { area: areaName ?? say('clocks.area.chosen') })
            : say('clocks.area.pick')}
        </p>
      </header>
      <form className="clock-location__form" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={`${fieldId}-mode`}>
            {say('clocks.area.field')}
          </label>
          <select
            id={`${fieldId}-mode`}
            className="field__input"
            value={draft.mode}
            onChange={(e) => change({ mode: e.target.value as Mode })}
          >
            {MODES.map((mode) => (
              <option key={mode} value={mode}>
                {say(`clocks.area.mode.${mode}`)}
              </option>
            ))}
          </select>
        </div>
        {draft.mode === 'postcode' && (
          <Field
            label={say('clocks.area.postcode')}
            value={draft.postcode}
            autoComplete="postal-code"
            onChange={(e) => change({ postcode: e.target.value.toUpperCase() })}
          />
        )}
        {wantsForces && (
          <div className="field">
            <label className="field__label" htmlFor={`${fieldId}-force`}>
              {say('clocks.area.force')}
            </label>
            <select
              id={`${fieldId}-force`}
              className="field__input"
              value={draft.forceId}
              onChange={(e) => change({ forceId: e.target.value, neighbourhoodId: '' })}
            >
              <option value="">
                {say(forces.status === 'error' ? 'clocks.area.forcesFailed' : 'clocks.area.chooseForce')}
              </option>
              {forces.status === 'success' &&
                inForceNameOrder(forces.data, PAGE_LOCALE).map((f) => {
                  // Ordered and named as the page's language names the forces, as the search's picker is.
                  const name = forceNameFor(f.id, PAGE_LOCALE, f.name);
                  return (
                    <option key={f.id} value={f.id}>
                      {f.hasData === false ? say('clocks.area.noData', { force: name }) : name}
                    </option>
                  );
                })}
            </select>
          </div>
        )}
        {draft.mode === 'neighbourhood' && draft.forceId !== '' && (
          <div className="field">
            <label className="field__label" htmlFor={`${fieldId}-neighbourhood`}>
              {say('clocks.area.neighbourhood')}
            </label>
            <select
              id={`${fieldId}-neighbourhood`}
              className="field__input"
              value={draft.neighbourhoodId}
              onChange={(e) => change({ neighbourhoodId: e.target.value })}
            >
              <option value="">
                {say(
                  neighbourhoods.status === 'error'
                    ? 'clocks.area.neighbourhoodsFailed'
                    : 'clocks.area.chooseNeighbourhood',
                )}
              </option>
              {neighbourhoods.status === 'success' &&
                neighbourhoods.data
                  .filter((n) => n.hasBoundary !== false)
                  .map((n) => (
                    <option key={n.id} value={n.id}>
                      {n.name}
                    </option>
                  ))}
            </select>
          </div>
        )}
        <Button type="submit" size="sm">
          {say('clocks.area.submit')}
        </Button>
      </form>
      {issue && (
        <p className="clock-location__issue" role="alert">
          {say(issue)}
        </p>
      )}
    </section>
  );
}
