import { Link } from '@tanstack/react-router';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { formatMillions, formatNumber, formatPercent, everyText } from '../../../../common/clock/format.ts';
import {
  SURVEY_STATUS_LABELS,
  surveySummary,
  surveyTables,
  type SurveyDataRow,
  type SurveyGroup,
  type SurveyRowStatus,
} from '../../../../common/survey/csew-figures.ts';
import {
  GetCsewFigures,
  ReplaceCsewFigures,
  RevertCsewFigures,
  type CsewFiguresInUse as FiguresInUse,
} from '../../../../common/contracts/csew-figures.ts';
import { ApiError } from '../../shared/api.ts';
import { Alert } from '../../shared/ui/Alert.tsx';
import { Button } from '../../shared/ui/Button.tsx';
import { Card } from '../../shared/ui/Card.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useToast } from '../toast/useToast.ts';
import { TextAreaField } from '../contact/TextAreaField.tsx';
import { welshBlock, welshForm, type CsewWelshForm } from './csewWelsh.ts';
import { BackToDashboard, formatDateTime, ResourceView, StatusBadge } from './AdminParts.tsx';
import { useAdminMutation, useAdminQuery } from './useAdminQuery.ts';
import './admin.css';
import { ScrollRegion } from '../../shared/ui/ScrollRegion.tsx';

/** The specification's order: headline, theft, property, technology, sexual and domestic. */
const GROUPS: readonly { group: SurveyGroup; title: string; unit: string }[] = [
  { group: 'headline', title: 'Headline crime', unit: 'incidents' },
  { group: 'theftCategories', title: 'Theft offences', unit: 'incidents' },
  { group: 'propertyDetailed', title: 'Property crime in detail', unit: 'incidents' },
  { group: 'technologyDetailed', title: 'Fraud and computer misuse in detail', unit: 'incidents' },
  { group: 'sexualDomestic', title: 'Sexual and domestic abuse', unit: 'people affected' },
];

const STATUS_TONE: Record<SurveyRowStatus, 'ok' | 'warn' | 'neutral'> = {
  published: 'ok',
  specification: 'neutral',
  estimate: 'warn',
};

/**
 * The survey figures the CSEW clock uses right now (the shipped file or an admin's upload), read
 * from the API, and their replacement: upload a new figures file (format crime-clock/csew-figures@1,
 * e.g. the shipped common/survey/csew-figures.json with the new ONS edition's numbers) and every
 * clock takes it within its refresh, without a release.
 */
export function CsewDataPage() {
  const resource = useAdminQuery(GetCsewFigures);
  return (
    <div className="page admin-page">
      <PageHeader
        eyebrow={<BackToDashboard />}
        title="CSEW Data Viewer"
        lead="Crime Survey for England and Wales estimates, as the survey clock uses them."
      >
        <p className="admin-links">
          <Link to="/crime-clock">View the CSEW Crime Clock</Link>
          <Link to="/">Home</Link>
        </p>
      </PageHeader>
      <ResourceView resource={resource} what="the survey figures">
        {(inUse) => <FiguresView inUse={inUse} />}
      </ResourceView>
    </div>
  );
}

function FiguresView({ inUse }: { inUse: FiguresInUse }) {
  const { figures } = inUse;
  const summary = surveySummary(figures);
  const tables = surveyTables(figures);
  return (
    <>
      {inUse.newerReleaseMayExist && (
        <Alert title="A newer release may be available">
          ONS announced the {figures.nextUpdate} figures for {longDate(figures.nextUpdateDate ?? '')}. Upload
          them below when they are out; until then the clock keeps using the {figures.dataYear} figures.
        </Alert>
      )}
      <FiguresUpload inUse={inUse} />
      <WelshText key={JSON.stringify(figures.cy ?? null)} inUse={inUse} />

      <ul className="admin-tiles" aria-label="Summary">
        <li className="admin-tile">
          <span className="admin-tile__label">Total headline crime</span>
          <span className="admin-tile__value">{formatMillions(summary.headlineTotal)}</span>
          <span className="admin-tile__note">Incidents, {figures.dataYear}</span>
        </li>
        <li className="admin-tile">
          <span className="admin-tile__label">Confirmed unreported incidents</span>
          <span className="admin-tile__value">{formatNumber(summary.confirmedUnreported)}</span>
          <span className="admin-tile__note">Sum of the headline rows’ unreported figures</span>
        </li>
        <li className="admin-tile">
          <span className="admin-tile__label">Unreported per second</span>
          <span className="admin-tile__value">{formatNumber(summary.unreportedPerSecond, 3)}</span>
          <span className="admin-tile__note">
            {everyText(summary.unreportedPerSecond, 'unreported crime')}, over a 365-day year
          </span>
        </li>
      </ul>

      {GROUPS.map(({ group, title, unit }) => (
        <SurveyTable key={group} id={`csew-${group}`} title={title} unit={unit} rows={tables[group]} />
      ))}

      <Card title="About these figures" headingLevel={2} className="admin-section">
        <p>{figures.surveyNote}</p>
        <p>
          Source:{' '}
          <a href={figures.source.url} rel="noreferrer" target="_blank">
            {figures.source.publisher}, {figures.source.title}
          </a>{' '}
          (released {longDate(figures.source.released)}). Rows marked “{SURVEY_STATUS_LABELS.estimate}” are
          our breakdowns of published totals, not ONS figures.
        </p>
        <p className="muted">{figures.source.licence}</p>
      </Card>
    </>
  );
}

function FiguresUpload({ inUse }: { inUse: FiguresInUse }) {
  const { toast } = useToast();
  const replace = useAdminMutation(ReplaceCsewFigures, [GetCsewFigures]);
  const revert = useAdminMutation(RevertCsewFigures, [GetCsewFigures]);
  // A file that is not JSON, refused before anything is sent; the server's refusals are the mutations' errors.
  const [unreadable, setUnreadable] = useState<string | null>(null);
  const busy = replace.isPending || revert.isPending;
  const failure = replace.error ?? revert.error;
  const problem = unreadable ?? (failure && refusal(failure));

  async function send(action: () => Promise<unknown>, done: string) {
    // A new attempt clears what the last one said, whichever change it was.
    setUnreadable(null);
    replace.reset();
    revert.reset();
    try {
      await action();
      toast({ title: 'Survey figures updated', description: done });
    } catch {
      // Said on the card, from the mutation's error.
    }
  }

  async function upload(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    let document: Record<string, unknown>;
    try {
      document = JSON.parse(await file.text()) as Record<string, unknown>;
    } catch {
      replace.reset();
      revert.reset();
      setUnreadable(`${file.name} is not a JSON file; the survey figures were not changed.`);
      return;
    }
    await send(
      () => replace.mutateAsync({ body: document }),
      'The clocks take the new figures within a minute.',
    );
  }

  return (
    <Card title="Figures in use" headingLevel={2} className="admin-section">
      <p data-testid="csew-figures-origin">
        {inUse.shipped
          ? `The figures shipped with this version (${inUse.figures.source.title}).`
          : `Uploaded by ${inUse.uploadedBy} on ${formatDateTime(inUse.uploadedAt)} (${inUse.figures.source.title}).`}
      </p>
      <p className="muted">
        Replace them with a figures file (JSON, format crime-clock/csew-figures@1; start from the one in use,
        download below). Everything is checked before it is used, or from the shell:{' '}
        <code>npm run survey:figures -- file.json</code>.
      </p>
      {problem && (
        <Alert variant="destructive" title="Not uploaded">
          {problem}
        </Alert>
      )}
      <p className="admin-links">
        <label className="button button--secondary">
          Upload figures file
          <input type="file" accept="application/json,.json" onChange={upload} disabled={busy} hidden />
        </label>
        <a
          href={`data:application/json;charset=utf-8,${encodeURIComponent(JSON.stringify(inUse.figures, null, 2))}`}
          download="csew-figures.json"
        >
          Download the figures in use
        </a>
        {!inUse.shipped && (
          <Button
            variant="secondary"
            size="sm"
            disabled={busy}
            onClick={() =>
              void send(() => revert.mutateAsync({}), 'Back to the figures shipped with this version.')
            }
          >
            Use the shipped figures
          </Button>
        )}
      </p>
    </Card>
  );
}

/** The figures' single pieces of prose the Welsh form asks for, in the form's order. */
const WELSH_PROSE: readonly { field: 'surveyNote' | 'dataMethod'; label: string; rows: number }[] = [
  { field: 'surveyNote', label: 'About the survey, in Welsh', rows: 4 },
  { field: 'dataMethod', label: 'How the clock counts, in Welsh', rows: 2 },
];

/**
 * The Welsh of the figures' prose that the Welsh clock pages show. Saving sends the
 * figures in use with this Welsh, as an upload: the same checks, and the clocks take it within
 * their refresh. A field left blank is shown in English there, marked as English.
 */
function WelshText({ inUse }: { inUse: FiguresInUse }) {
  const { figures } = inUse;
  const { toast } = useToast();
  const replace = useAdminMutation(ReplaceCsewFigures, [GetCsewFigures]);
  const [form, setForm] = useState<CsewWelshForm>(() => welshForm(figures));
  // The form's own check, said before anything is sent; the server's refusal is the mutation's error.
  const [invalid, setInvalid] = useState<string | null>(null);
  const problem = invalid ?? (replace.error && refusal(replace.error));

  async function save(event: FormEvent) {
    event.preventDefault();
    const block = welshBlock(form);
    if (!block.ok) {
      replace.reset();
      setInvalid(block.problem);
      return;
    }
    const { cy: _old, ...english } = figures;
    setInvalid(null);
    try {
      await replace.mutateAsync({ body: block.cy ? { ...english, cy: block.cy } : english });
      toast({ title: 'Welsh text saved', description: 'The Welsh clock pages show it within a minute.' });
    } catch {
      // Said on the card, from the mutation's error.
    }
  }

  return (
    <Card title="Welsh text" headingLevel={2} className="admin-section">
      <p className="muted">
        What the Welsh clock pages (/cy/crime-clock, the wall screen) show for the figures’ own words. A field
        left blank is shown in English there. Saving uploads the figures in use with this text
        {inUse.shipped ? ' (they then count as an upload)' : ''}.
      </p>
      {problem && (
        <Alert variant="destructive" title="Not saved">
          {problem}
        </Alert>
      )}
      <form onSubmit={(event) => void save(event)}>
        {WELSH_PROSE.map(({ field, label, rows }) => (
          <TextAreaField
            key={field}
            label={label}
            hint={figures[field]}
            lang="cy"
            rows={rows}
            value={form[field]}
            onChange={(event) => setForm({ ...form, [field]: event.target.value })}
          />
        ))}
        {figures.prevalenceWarnings.map((english, i) => (
          <TextAreaField
            key={i}
            label={`Prevalence warning ${i + 1}, in Welsh`}
            hint={english}
            lang="cy"
            rows={1}
            value={form.prevalenceWarnings[i] ?? ''}
            onChange={(event) =>
              setForm({
                ...form,
                prevalenceWarnings: form.prevalenceWarnings.map((w, j) => (j === i ? event.target.value : w)),
              })
            }
          />
        ))}
        <Button type="submit" disabled={replace.isPending}>
          Save Welsh text
        </Button>
      </form>
    </Card>
  );
}

/** The server's words for a refused upload (its problem's message), else the failure's own. */
function refusal(error: Error): string {
  return error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error);
}

function longDate(isoDate: string): string {
  return new Date(`${isoDate}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

function cell(value: number | string): string {
  return typeof value === 'number' ? formatNumber(value) : value;
}

function SurveyTable({
  id,
  title,
  unit,
  rows,
}: {
  id: string;
  title: string;
  unit: string;
  rows: readonly SurveyDataRow[];
}) {
  return (
    <section className="card admin-section" aria-labelledby={id}>
      <h2 id={id} className="card__title">
        {title}
      </h2>
      <p className="card__description">Figures are {unit}.</p>
      <ScrollRegion className="admin-table-wrap" label="Survey figures, scrollable">
        <table className="admin-table admin-table--data">
          <thead>
            <tr>
              <th scope="col">Crime type</th>
              <th scope="col" className="admin-table__num">
                Total
              </th>
              <th scope="col" className="admin-table__num">
                Reported
              </th>
              <th scope="col" className="admin-table__num">
                Unreported
              </th>
              <th scope="col" className="admin-table__num">
                % Unreported
              </th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.crime}>
                <th scope="row">
                  {row.crime}
                  <details className="admin-source">
                    <summary>Source</summary>
                    <p>{row.source}</p>
                  </details>
                </th>
                <td className="admin-table__num">{cell(row.totalCSEW)}</td>
                <td className="admin-table__num">{cell(row.reported)}</td>
                <td className="admin-table__num">{cell(row.unreported)}</td>
                <td className="admin-table__num">
                  {row.unreportedPercent === null ? '—' : formatPercent(row.unreportedPercent)}
                </td>
                <td>
                  {SURVEY_STATUS_LABELS[row.status] && (
                    <StatusBadge tone={STATUS_TONE[row.status]}>
                      {SURVEY_STATUS_LABELS[row.status]}
                    </StatusBadge>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
    </section>
  );
}
