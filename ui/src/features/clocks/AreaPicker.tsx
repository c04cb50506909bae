/**
 * The police clock's location card: pick a postcode, a force or a neighbourhood and the page shows
 * that area's clock. The choice lives in the URL (`?area=…`), so the link can be shared, put on a
 * wall screen or embedded.
 */
import { useNavigate } from '@tanstack/react-router';
import { useId, useState, type FormEvent } from 'react';
import { clockAreaId, parseClockAreaId, type ClockAreaKind } from '../../../../common/clock/area.ts';
import { parsePostcode } from '../../../../common/postcode/postcode.ts';
import { Button } from '../../shared/ui/Button.tsx';
import { Field } from '../../shared/ui/Field.tsx';
import { useQuery } from '../search/queryCache.ts';
import { fetchForces, fetchNeighbourhoods } from '../search/searchApi.ts';
import { areaChoiceIssue, type AreaDraft } from './areaChoice.ts';

type Mode = 'national' | ClockAreaKind;

const MODES: { value: Mode; label: string }[] = [
  { value: 'national', label: 'All forces' },
  { value: 'postcode', label: 'Postcode (1 mile)' },
  { value: 'force', label: 'Police force' },
  { value: 'neighbourhood', label: 'Neighbourhood' },
];

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
  const [issue, setIssue] = useState<string | null>(null);
  const headingId = useId();
  const fieldId = useId();
  const wantsForces = draft.mode === 'force' || draft.mode === 'neighbourhood';
  const forces = useQuery(wantsForces ? 'forces' : null, fetchForces);
  const wantsNeighbourhoods = draft.mode === 'neighbourhood' && draft.forceId !== '';
  const neighbourhoods = useQuery(wantsNeighbourhoods ? `neighbourhoods:${draft.forceId}` : null, (signal) =>
    fetchNeighbourhoods(draft.forceId, signal),
  );
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
        <h2 id={headingId}>Your area</h2>
        <p className="clock-section__note">
          {area
            ? `Showing ${areaName ?? 'the chosen area'}: its crimes recorded over the last 12 months with data, spread over this year. The page's address names the area, so it can be shared.`
            : 'Pick a postcode, a police force or a neighbourhood to see its own clock.'}
        </p>
      </header>
      <form className="clock-location__form" onSubmit={submit} noValidate>
        <div className="field">
          <label className="field__label" htmlFor={`${fieldId}-mode`}>
            Area
          </label>
          <select
            id={`${fieldId}-mode`}
            className="field__input"
            value={draft.mode}
            onChange={(e) => change({ mode: e.target.value as Mode })}
          >
            {MODES.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
        </div>
        {draft.mode === 'postcode' && (
          <Field
            label="Postcode"
            value={draft.postcode}
            autoComplete="postal-code"
            onChange={(e) => change({ postcode: e.target.value.toUpperCase() })}
          />
        )}
        {wantsForces && (
          <div className="field">
            <label className="field__label" htmlFor={`${fieldId}-force`}>
              Police force
            </label>
            <select
              id={`${fieldId}-force`}
              className="field__input"
              value={draft.forceId}
              onChange={(e) => change({ forceId: e.target.value, neighbourhoodId: '' })}
            >
              <option value="">
                {forces?.status === 'error' ? 'Could not load the forces' : 'Choose a force'}
              </option>
              {forces?.status === 'success' &&
                forces.data.map((f) => (
                  <option key={f.id} value={f.id}>
                    {f.hasData === false ? `${f.name} (no data)` : f.name}
                  </option>
                ))}
            </select>
          </div>
        )}
        {draft.mode === 'neighbourhood' && draft.forceId !== '' && (
          <div className="field">
            <label className="field__label" htmlFor={`${fieldId}-neighbourhood`}>
              Neighbourhood
            </label>
            <select
              id={`${fieldId}-neighbourhood`}
              className="field__input"
              value={draft.neighbourhoodId}
              onChange={(e) => change({ neighbourhoodId: e.target.value })}
            >
              <option value="">
                {neighbourhoods?.status === 'error'
                  ? 'Could not load the neighbourhoods'
                  : 'Choose a neighbourhood'}
              </option>
              {neighbourhoods?.status === 'success' &&
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
          Show this area's clock
        </Button>
      </form>
      {issue && (
        <p className="clock-location__issue" role="alert">
          {issue}
        </p>
      )}
    </section>
  );
}
