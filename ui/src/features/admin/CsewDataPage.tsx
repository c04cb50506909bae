import { Link } from '@tanstack/react-router';
import { PlannedPage } from '../../shared/ui/PlannedPage.tsx';

export function CsewDataPage() {
  return (
    <PlannedPage
      eyebrow={<Link to="/admin">Back to Admin Dashboard</Link>}
      title="CSEW Data Viewer"
      lead="The Crime Survey for England and Wales figures behind the survey clock."
      plannedContent={[
        'A summary of headline crime, confirmed unreported incidents and their rate per second.',
        'Tables for headline, theft, property, technology and sexual and domestic abuse categories.',
        'For each crime type: the total, how many were reported and unreported, and the share unreported.',
      ]}
    />
  );
}
