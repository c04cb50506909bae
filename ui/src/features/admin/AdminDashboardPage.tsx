import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { Alert } from '../../shared/ui/Alert.tsx';
import { Card } from '../../shared/ui/Card.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { adminSessionAtom } from '../auth/adminSession.ts';
import { GetSystem, ListMessages } from '../../../../common/contracts/admin.ts';
import { GetAlertCounts } from '../../../../common/contracts/alerts.ts';
import type { SystemInfo } from './adminApi.ts';
import { ResourceView, StatusBadge } from './AdminParts.tsx';
import { DataUpdatesCard } from './DataUpdatesCard.tsx';
import { ImportsCard } from './ImportsCard.tsx';
import { useAdminQuery, type Resource } from './useAdminQuery.ts';
import './admin.css';

type ToolPath =
  | '/admin/api-keys'
  | '/admin/smtp-settings'
  | '/admin/algorithms'
  | '/admin/csew-data'
  | '/admin/police-crime-clock';

const TOOLS: readonly { to: ToolPath; title: string; description: string }[] = [
  {
    to: '/admin/api-keys',
    title: 'API Keys',
    description: 'Manage external API access keys for partner sites.',
  },
  {
    to: '/admin/smtp-settings',
    title: 'SMTP Settings',
    description: 'Email server settings for contact forms and notifications.',
  },
  {
    to: '/admin/algorithms',
    title: 'Crime Algorithms',
    description: 'Severity scores and weights for crime categories, after published harm indices.',
  },
  {
    to: '/admin/csew-data',
    title: 'CSEW Data Viewer',
    description: 'The Crime Survey figures behind the survey clock.',
  },
  {
    to: '/admin/police-crime-clock',
    title: 'Police Crime Clock (legacy)',
    description: 'The earlier police-recorded crime clock.',
  },
];

export function AdminDashboardPage() {
  const { admin } = useAtomValue(adminSessionAtom);
  const system = useAdminQuery(GetSystem);

  return (
    <div className="page admin-page">
      <PageHeader
        eyebrow="Administration"
        title="Admin Dashboard"
        lead={admin ? `Signed in as ${admin.username}.` : 'Manage Crime Clock.'}
      />

      <ul className="admin-tiles" aria-label="At a glance">
        <Tile label="System Status" value={systemStatus(system)} note={systemNote(system)} />
        <Tile
          label="Active Features"
          value="4"
          note="Survey clock, police clock, crime search, partner API"
        />
        <Tile label="Data Sources" value="Multiple" note="ONS Crime Survey and data.police.uk" />
      </ul>

      <div className="admin-grid">
        <div className="admin-grid__main">
          <Card title="Quick Access" headingLevel={2}>
            <Link to="/search" className="admin-feature-link">
              <span className="admin-feature-link__title">Crime Data Search</span>
              <span className="admin-feature-link__text">
                Search by postcode, police force or neighbourhood.
              </span>
            </Link>
          </Card>

          <section className="admin-section" aria-labelledby="admin-tools-title">
            <h2 id="admin-tools-title" className="admin-section__title">
              Admin tools
            </h2>
            <ul className="admin-tools">
              {TOOLS.map((tool) => (
                <li key={tool.to}>
                  <Link to={tool.to} className="admin-tool">
                    <span className="admin-tool__title">{tool.title}</span>
                    <span className="admin-tool__text">{tool.description}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>

          <DataUpdatesCard />
          <ImportsCard />
          <Card title="Loading real police data" headingLevel={2}>
            <p>
              The public pages say when they show the generated sample, and no more. To replace it with the
              latest data.police.uk archive, run <code>npm run import -- --latest</code> on the server (or
              import a downloaded archive, see the README).
            </p>
          </Card>
        </div>

        <div className="admin-grid__side">
          <SystemInformationCard system={system} />
          <MessagesCard />
          <AlertsCard />
          <Card title="Quick Actions" headingLevel={2}>
            <ul className="admin-actions">
              <li>
                <Link to="/search">Search crime data</Link>
              </li>
              <li>
                <Link to="/crime-clock">View the CSEW Crime Clock</Link>
              </li>
              <li>
                <Link to="/admin/smtp-settings">Configure email</Link>
              </li>
              <li>
                <Link to="/admin/csew-data">View survey data</Link>
              </li>
              <li>
                <Link to="/admin/security">Security log and second factor</Link>
              </li>
            </ul>
          </Card>
        </div>
      </div>
    </div>
  );
}

type SystemResource = Resource<SystemInfo> & { reload: () => void };

function systemStatus(system: SystemResource): ReactNode {
  if (system.status === 'loading') return '…';
  if (system.status === 'error') return 'Unknown';
  return system.data.database.status === 'connected' ? 'Online' : 'Degraded';
}

function systemNote(system: SystemResource): string | undefined {
  if (system.status === 'error') return system.message;
  if (system.status !== 'ready') return undefined;
  return system.data.database.status === 'connected'
    ? 'The API and its database are answering'
    : 'The database is not answering';
}

function Tile({ label, value, note }: { label: string; value: ReactNode; note?: string }) {
  return (
    <li className="admin-tile">
      <span className="admin-tile__label">{label}</span>
      <span className="admin-tile__value">{value}</span>
      {note && <span className="admin-tile__note">{note}</span>}
    </li>
  );
}

const DIALECT_NAMES: Record<string, string> = { sqlite: 'SQLite', mysql: 'MySQL', mariadb: 'MariaDB' };

function SystemInformationCard({ system }: { system: SystemResource }) {
  return (
    <Card title="System Information" headingLevel={2}>
      <ResourceView resource={system} what="system information">
        {(info) => (
          <dl className="admin-facts">
            <div>
              <dt>Application version</dt>
              <dd>{info.version}</dd>
            </div>
            <div>
              <dt>Environment</dt>
              <dd>{info.environment.charAt(0).toUpperCase() + info.environment.slice(1)}</dd>
            </div>
            <div>
              <dt>Database</dt>
              <dd>
                {DIALECT_NAMES[info.database.dialect] ?? info.database.dialect}{' '}
                {info.database.status === 'connected' ? (
                  <StatusBadge tone="ok">Connected</StatusBadge>
                ) : (
                  <StatusBadge tone="bad">Unreachable</StatusBadge>
                )}
              </dd>
            </div>
          </dl>
        )}
      </ResourceView>
    </Card>
  );
}

function MessagesCard() {
  // One row is enough: the counts come with every page of the list.
  const messages = useAdminQuery(ListMessages, { query: { limit: 1, offset: 0 } });
  return (
    <Card title="Messages" headingLevel={2} description="Contact messages and data issue reports.">
      <ResourceView resource={messages} what="messages">
        {({ counts }) => (
          <>
            <dl className="admin-counts">
              <div>
                <dt>Waiting</dt>
                <dd>{counts.pending}</dd>
              </div>
              <div>
                <dt>Delivered</dt>
                <dd>{counts.sent}</dd>
              </div>
              <div className={counts.failed > 0 ? 'admin-counts__bad' : undefined}>
                <dt>Failed</dt>
                <dd>{counts.failed}</dd>
              </div>
            </dl>
            <Link to="/admin/messages" className="admin-card-link">
              View messages <span aria-hidden="true">→</span>
            </Link>
          </>
        )}
      </ResourceView>
    </Card>
  );
}

/** Area alert subscriptions: counts only, never who (privacy policy). */
function AlertsCard() {
  const alerts = useAdminQuery(GetAlertCounts);
  return (
    <Card title="Area Alerts" headingLevel={2} description="Email subscriptions to an area's new months.">
      <ResourceView resource={alerts} what="alert counts">
        {({ confirmed, pending, areas, undeliveredConfirmations, lastConfirmationError }) => (
          <>
            {undeliveredConfirmations > 0 && (
              <Alert
                variant="destructive"
                title={`${undeliveredConfirmations} confirmation ${undeliveredConfirmations === 1 ? 'email has' : 'emails have'} not been sent`}
                className="admin-alerts-warning"
              >
                Subscribers are waiting for a confirmation that has not reached them
                {lastConfirmationError ? ` (the mail server said: ${lastConfirmationError})` : ''}. Check the{' '}
                <Link to="/admin/smtp-settings">SMTP settings</Link> and send a test email; waiting messages
                are retried on their own.
              </Alert>
            )}
            <dl className="admin-counts">
              <div>
                <dt>Subscribed</dt>
                <dd>{confirmed}</dd>
              </div>
              <div>
                <dt>Awaiting confirmation</dt>
                <dd>{pending}</dd>
              </div>
              <div>
                <dt>Areas</dt>
                <dd>{areas}</dd>
              </div>
            </dl>
          </>
        )}
      </ResourceView>
    </Card>
  );
}
