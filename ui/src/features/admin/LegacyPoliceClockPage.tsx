import { Link } from '@tanstack/react-router';
import { PlannedPage } from '../../shared/ui/PlannedPage.tsx';

export function LegacyPoliceClockPage() {
  return (
    <PlannedPage
      eyebrow={<Link to="/admin">Back to Admin Dashboard</Link>}
      title="Police Crime Clock (legacy)"
      lead="The earlier version of the police crime clock, kept for administrators to compare against."
      plannedContent={['The legacy police-recorded crime clock.']}
    />
  );
}
