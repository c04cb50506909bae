import { useAtom, useSetAtom } from 'jotai';
import { useMemo, useState } from 'react';
import {
  DEFAULT_WEIGHTS,
  FACTOR_COUNT,
  SCORE_INPUT,
  SEVERITY_CSV_FILENAME,
  SEVERITY_FACTORS,
  SEVERITY_SOURCES,
  WEIGHT_INPUT,
  categoryLabel,
  formatSeverity,
  severityCsv,
  summariseSeverity,
  weightTotal,
  withScore,
  withWeight,
} from '../../../../common/severity/severity.ts';
import { Button } from '../../shared/ui/Button.tsx';
import { Card } from '../../shared/ui/Card.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useToast } from '../toast/useToast.ts';
import { BackToDashboard } from './AdminParts.tsx';
import { resetSeverityMatrixAtom, severityMatrixAtom } from './severityAtoms.ts';
import './admin.css';
import { ScrollRegion } from '../../shared/ui/ScrollRegion.tsx';

/** Hands the CSV to the browser as a real file download. */
function downloadCsv(csv: string, filename: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the click has started the download by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export function AlgorithmsPage() {
  const [matrix, setMatrix] = useAtom(severityMatrixAtom);
  const reset = useSetAtom(resetSeverityMatrixAtom);
  const { toast } = useToast();
  const summary = useMemo(() => summariseSeverity(matrix), [matrix]);
  const total = weightTotal(matrix.weights);

  return (
    <div className="page admin-page">
      <PageHeader
        eyebrow={<BackToDashboard />}
        title="Crime Impact Algorithms"
        lead="How severe each category of police-recorded crime is judged to be: nine impact factors scored from 0 to 10, weighted, and added up. Changes are kept in this browser."
      />

      <ul className="admin-tiles" aria-label="Severity at a glance">
        <li className="admin-tile">
          <span className="admin-tile__label">Highest severity</span>
          <span className="admin-tile__value">{formatSeverity(summary.highest.score)}</span>
          <span className="admin-tile__note">{summary.highest.label}</span>
        </li>
        <li className="admin-tile">
          <span className="admin-tile__label">Average severity</span>
          <span className="admin-tile__value">{formatSeverity(summary.average)}</span>
          <span className="admin-tile__note">Across {summary.rows.length} categories</span>
        </li>
        <li className="admin-tile">
          <span className="admin-tile__label">Lowest severity</span>
          <span className="admin-tile__value">{formatSeverity(summary.lowest.score)}</span>
          <span className="admin-tile__note">{summary.lowest.label}</span>
        </li>
      </ul>

      <Card
        title="Severity matrix"
        headingLevel={2}
        description="Severity score = Σ (weight × score), shown to three decimals."
        className="admin-section"
      >
        <div className="admin-toolbar">
          <p className={total === 1 ? 'muted' : 'admin-warning'} role="status">
            Weights add up to {total.toFixed(2)}
            {total !== 1 && ': with a total other than 1.00 the severity is no longer on the 0–10 scale.'}
          </p>
          <div className="admin-toolbar__actions">
            <Button
              variant="secondary"
              onClick={() => {
                reset();
                toast({
                  title: 'Defaults Restored',
                  description: 'The severity matrix is back to its default values.',
                });
              }}
            >
              Reset
            </Button>
            <Button onClick={() => downloadCsv(severityCsv(matrix), SEVERITY_CSV_FILENAME)}>
              Export CSV
            </Button>
          </div>
        </div>

        <ScrollRegion className="admin-table-wrap" label="Severity scores, scrollable">
          <table className="admin-table severity-table">
            <caption className="visually-hidden">
              Impact scores from 0 to 10 per crime category and factor, the weight of each factor, and the
              resulting severity score
            </caption>
            <thead>
              <tr>
                <th scope="col">Crime category</th>
                {SEVERITY_FACTORS.map((factor) => (
                  <th key={factor.id} scope="col" title={factor.description}>
                    {factor.name}
                  </th>
                ))}
                <th scope="col" className="admin-table__num">
                  Severity
                </th>
              </tr>
              <tr className="severity-table__weights">
                <th scope="row">Weight</th>
                {matrix.weights.map((weight, factor) => (
                  <td key={SEVERITY_FACTORS[factor]!.id}>
                    <NumberInput
                      value={weight}
                      bounds={WEIGHT_INPUT}
                      label={`Weight of ${SEVERITY_FACTORS[factor]!.name}`}
                      onValue={(text) => setMatrix((current) => withWeight(current, factor, text))}
                    />
                  </td>
                ))}
                <td className="admin-table__num">{total.toFixed(2)}</td>
              </tr>
            </thead>
            <tbody>
              {matrix.crimeData.map((row, index) => {
                const label = categoryLabel(row.category);
                const score = summary.rows[index]!.score;
                const mark =
                  row.category === summary.highest.category
                    ? 'severity-table__row--highest'
                    : row.category === summary.lowest.category
                      ? 'severity-table__row--lowest'
                      : undefined;
                return (
                  <tr key={row.category} className={mark}>
                    <th scope="row">{label}</th>
                    {row.scores.slice(0, FACTOR_COUNT).map((value, factor) => (
                      <td key={SEVERITY_FACTORS[factor]!.id}>
                        <NumberInput
                          value={value}
                          bounds={SCORE_INPUT}
                          label={`${label}: ${SEVERITY_FACTORS[factor]!.name}`}
                          onValue={(text) =>
                            setMatrix((current) => withScore(current, row.category, factor, text))
                          }
                        />
                      </td>
                    ))}
                    <td
                      className="admin-table__num severity-table__score"
                      data-testid={`severity-${row.category}`}
                    >
                      {formatSeverity(score)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      </Card>

      <div className="admin-grid admin-section">
        <div className="admin-grid__main">
          <Card title="The nine factors" headingLevel={2}>
            <dl className="admin-glossary">
              {SEVERITY_FACTORS.map((factor, index) => (
                <div key={factor.id}>
                  <dt>
                    {factor.name}{' '}
                    <span className="muted">(default weight {DEFAULT_WEIGHTS[index]?.toFixed(2)})</span>
                  </dt>
                  <dd>{factor.description}</dd>
                </div>
              ))}
            </dl>
          </Card>
        </div>
        <div className="admin-grid__side">
          <Card title="Where the factors come from" headingLevel={2}>
            <p>
              The factors follow the published harm indices for England and Wales, the Cambridge Crime Harm
              Index and the ONS Crime Severity Score, which weigh crimes by how severely they are sentenced,
              and the harm and culpability factors of the sentencing guidelines those rest on.
            </p>
            <p>
              The default scores are our own judgement on a 0–10 scale, not figures published by either index;
              the sentencing-severity scores keep the indices’ order of the offences.
            </p>
            <ul className="admin-sources">
              {SEVERITY_SOURCES.map((source) => (
                <li key={source.url}>
                  <a href={source.url} rel="noreferrer" target="_blank">
                    {source.title}
                  </a>
                  <span className="muted">
                    {' '}
                    — {source.publisher}
                    {source.year ? `, ${source.year}` : ''}
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        </div>
      </div>
    </div>
  );
}

/**
 * A number field that lets people type freely ("0.", an emptied field) while the matrix always
 * holds a normalised number: the text is shown as typed while the field has focus, and replaced by
 * the stored value when it loses it.
 */
function NumberInput({
  value,
  bounds,
  label,
  onValue,
}: {
  value: number;
  bounds: { min: number; max: number; step: number };
  label: string;
  onValue: (text: string) => void;
}) {
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <input
      type="number"
      inputMode="decimal"
      className="severity-input"
      min={bounds.min}
      max={bounds.max}
      step={bounds.step}
      aria-label={label}
      value={draft ?? String(value)}
      onChange={(event) => {
        setDraft(event.target.value);
        onValue(event.target.value);
      }}
      onBlur={() => setDraft(null)}
    />
  );
}
