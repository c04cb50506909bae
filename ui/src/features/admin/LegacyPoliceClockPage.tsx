import { everyText, formatNumber } from '../../../../common/clock/format.ts';
import type { ClockApiResponse } from '../../../../common/clock/types.ts';
import { monthLabel, parseMonth } from '../../../../common/search/months.ts';
import { Card } from '../../shared/ui/Card.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { BackToDashboard, formatDateTime, ResourceView, StatusBadge } from './AdminParts.tsx';
import { GetPoliceClock } from '../../../../common/contracts/clocks.ts';
import { useAdminQuery } from './useAdminQuery.ts';
import './admin.css';

const SECONDS_PER_YEAR = 365.25 * 24 * 3600;

function month(text: string | null | undefined): string {
  const parsed = text ? parseMonth(text) : undefined;
  return parsed === undefined ? '—' : monthLabel(parsed);
}

/**
 * How the police clock is configured now, as the realtime servers run it: the forces it counts and
 * those it leaves out (and why), the months its rate comes from, the rate and its source. Read
 * from the same GET /api/police-clock the servers and the public page read.
 */
export function LegacyPoliceClockPage() {
  const resource = useAdminQuery(GetPoliceClock);
  return (
    <div className="page admin-page">
      <PageHeader
        eyebrow={<BackToDashboard />}
        title="Police Crime Clock (legacy)"
        lead="The police clock's configuration: which forces and months it counts, its rate and where the figures come from."
      />
      <ResourceView resource={resource} what="the police clock">
        {(clock) => <PoliceClockConfiguration clock={clock} />}
      </ResourceView>
    </div>
  );
}

function PoliceClockConfiguration({ clock }: { clock: ClockApiResponse }) {
  const { definition } = clock;
  const meta = definition.meta;
  const coverage = meta.coverage;
  const annual = definition.categories.reduce((sum, c) => sum + c.annualCount, 0);
  return (
    <>
      <Card title="Rate and source">
        <dl className="admin-facts" data-testid="police-clock-rate">
          <div>
            <dt>Rate</dt>
            <dd>
              {formatNumber(Math.round(annual))} crimes a year, on average{' '}
              {everyText(annual / SECONDS_PER_YEAR)}
            </dd>
          </div>
          <div>
            <dt>Counted since 1 January</dt>
            <dd>{formatNumber(clock.totalCrimes)}</dd>
          </div>
          <div>
            <dt>Source</dt>
            <dd>{meta.dataSource}</dd>
          </div>
          <div>
            <dt>Method</dt>
            <dd>{meta.dataMethod}</dd>
          </div>
          <div>
            <dt>Data</dt>
            <dd>
              {coverage?.synthetic ? (
                <StatusBadge tone="warn">Synthetic sample</StatusBadge>
              ) : (
                <StatusBadge tone="ok">data.police.uk</StatusBadge>
              )}{' '}
              imported {formatDateTime(meta.lastUpdated)}
            </dd>
          </div>
        </dl>
      </Card>

      <Card title="Months used">
        <p data-testid="police-clock-months">
          {coverage
            ? `${month(coverage.firstMonth)} to ${month(coverage.lastMonth)}`
            : month(meta.latestDataMonth)}
          {' — '}
          {meta.nextUpdate.toLowerCase().startsWith('typically')
            ? `next months from data.police.uk: ${meta.nextUpdate.toLowerCase()}`
            : meta.nextUpdate}
        </p>
      </Card>

      <Card title={`Forces included${coverage ? ` (${coverage.forces.length})` : ''}`}>
        {coverage && coverage.forces.length > 0 ? (
          <>
            <p className="muted">
              {coverage.territorialForces} of the {coverage.ofTerritorialForces} territorial forces of England
              and Wales.
            </p>
            <ul className="admin-list" data-testid="police-clock-included">
              {coverage.forces.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          </>
        ) : (
          <p className="muted">No force has street-level crime in the months used.</p>
        )}
      </Card>

      <Card title={`Forces excluded (${meta.excludedForces.length})`}>
        {meta.excludedForces.length > 0 ? (
          <ul className="admin-list" data-testid="police-clock-excluded">
            {meta.excludedForces.map((force) => (
              <li key={force.id}>
                <strong>{force.name}</strong>: {force.reason}
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">None.</p>
        )}
      </Card>

      <Card title="Categories">
        <table className="admin-table">
          <thead>
            <tr>
              <th scope="col">Category</th>
              <th scope="col">Crimes a year</th>
            </tr>
          </thead>
          <tbody>
            {definition.categories.map((c) => (
              <tr key={c.id}>
                <td>{c.name}</td>
                <td>{formatNumber(Math.round(c.annualCount))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </>
  );
}
