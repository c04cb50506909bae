import { Link } from '@tanstack/react-router';
import { PlannedPage } from '../../shared/ui/PlannedPage.tsx';

export function ApiKeysPage() {
  return (
    <PlannedPage
      eyebrow={<Link to="/admin">Back to Admin Dashboard</Link>}
      title="API Keys"
      lead="Keys that let partner sites use the crime search API."
      plannedContent={[
        'A form to create a key with a name, an optional domain and a daily request limit.',
        'A list of keys with their use so far, when each was last used and whether it is active.',
        'A one-time view of each new key, and a way to revoke a key for good.',
      ]}
    />
  );
}
