import { Link } from '@tanstack/react-router';
import { PlannedPage } from '../../shared/ui/PlannedPage.tsx';
import { Card } from '../../shared/ui/Card.tsx';

export function AdminDashboardPage() {
  return (
    <PlannedPage
      eyebrow="Administration"
      title="Admin Dashboard"
      lead="The starting point for managing Crime Clock."
      plannedContent={[
        'Status tiles for the system, its active features and its data sources.',
        'Cards leading to each admin tool, with a short description of what it does.',
        'System information: application version, environment and database status.',
        'Quick actions for the pages administrators use most.',
      ]}
    >
      <Card title="Admin tools" headingLevel={2}>
        <ul className="link-list">
          <li>
            <Link to="/admin/api-keys">API Keys</Link>
          </li>
          <li>
            <Link to="/admin/smtp-settings">SMTP Settings</Link>
          </li>
          <li>
            <Link to="/admin/algorithms">Crime Algorithms</Link>
          </li>
          <li>
            <Link to="/admin/csew-data">CSEW Data Viewer</Link>
          </li>
          <li>
            <Link to="/admin/police-crime-clock">Police Crime Clock (legacy)</Link>
          </li>
        </ul>
      </Card>
    </PlannedPage>
  );
}
