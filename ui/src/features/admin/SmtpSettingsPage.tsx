import { Link } from '@tanstack/react-router';
import { PlannedPage } from '../../shared/ui/PlannedPage.tsx';

export function SmtpSettingsPage() {
  return (
    <PlannedPage
      eyebrow={<Link to="/admin">Back to Admin Dashboard</Link>}
      title="Email Settings"
      lead="The email server that delivers contact messages and data issue reports."
      plannedContent={[
        'A form for the SMTP host, port, username, password, sender address and admin address.',
        'Buttons to save the settings and to test the connection, with the result shown beside them.',
        'Hints for common email providers.',
      ]}
    />
  );
}
