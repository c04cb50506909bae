import { Link } from '@tanstack/react-router';
import { PlannedPage } from '../../shared/ui/PlannedPage.tsx';

export function AlgorithmsPage() {
  return (
    <PlannedPage
      eyebrow={<Link to="/admin">Back to Admin Dashboard</Link>}
      title="Crime Impact Algorithms"
      lead="An editor for how severe each kind of crime is judged to be."
      plannedContent={[
        'An editable table of 14 crime categories scored against 9 impact factors.',
        'A weight for each factor, and the severity score that results for each category.',
        'The highest, average and lowest severity at a glance.',
        'Reset to the default values, and export the table as a CSV file.',
      ]}
    />
  );
}
