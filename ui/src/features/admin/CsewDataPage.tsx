import { Link } from '@tanstack/react-router';
import { formatMillions, formatNumber, formatPercent, everyText } from '../../../../common/clock/format.ts';
import {
  SURVEY_DATA,
  SURVEY_META,
  SURVEY_STATUS_LABELS,
  surveySummary,
  type SurveyDataRow,
  type SurveyGroup,
  type SurveyRowStatus,
} from '../../../../common/survey/csew-figures.ts';
import { Card } from '../../shared/ui/Card.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { BackToDashboard, StatusBadge } from './AdminParts.tsx';
import './admin.css';

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
 * The survey figures behind the CSEW clock, read from the same module the clock uses, so the two
 * can never disagree. Nothing is fetched: the figures are part of the product.
 */
export function CsewDataPage() {
  const summary = surveySummary();
  return (
    <div className="page admin-page">
      <PageHeader
        eyebrow={<BackToDashboard />}
        title="CSEW Data Viewer"
        lead={`Crime Survey for England and Wales estimates for the ${SURVEY_META.dataYear}, as the survey clock uses them.`}
      >
        <p className="admin-links">
          <Link to="/crime-clock">View the CSEW Crime Clock</Link>
          <Link to="/">Home</Link>
        </p>
      </PageHeader>

      <ul className="admin-tiles" aria-label="Summary">
        <li className="admin-tile">
          <span className="admin-tile__label">Total headline crime</span>
          <span className="admin-tile__value">{formatMillions(summary.headlineTotal)}</span>
          <span className="admin-tile__note">Incidents, {SURVEY_META.dataYear}</span>
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
        <SurveyTable key={group} id={`csew-${group}`} title={title} unit={unit} rows={SURVEY_DATA[group]} />
      ))}

      <Card title="About these figures" headingLevel={2} className="admin-section">
        <p>{SURVEY_META.surveyNote}</p>
        <p>
          Source:{' '}
          <a href={SURVEY_META.publication.url} rel="noreferrer" target="_blank">
            {SURVEY_META.publication.publisher}, {SURVEY_META.publication.title}
          </a>{' '}
          (released {longDate(SURVEY_META.publication.released)}). Rows marked “
          {SURVEY_STATUS_LABELS.estimate}” are our breakdowns of published totals, not ONS figures.
        </p>
        <p className="muted">{SURVEY_META.licence}</p>
      </Card>
    </div>
  );
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
      <div className="admin-table-wrap">
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
                  <StatusBadge tone={STATUS_TONE[row.status]}>{SURVEY_STATUS_LABELS[row.status]}</StatusBadge>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
