import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Alert } from '../../shared/ui/Alert.tsx';
import { Button } from '../../shared/ui/Button.tsx';
import type { Resource } from './useAdminQuery.ts';

/** The way back that every admin tool page starts with. */
export function BackToDashboard() {
  return (
    <Link to="/admin" className="admin-back">
      <span aria-hidden="true">←</span> Back to Admin Dashboard
    </Link>
  );
}

/** Renders a resource: a quiet loading line, an error with a retry, or the content. */
export function ResourceView<T>({
  resource,
  what,
  children,
}: {
  resource: Resource<T> & { reload: () => void };
  /** "system information", "imports"…: completes "Loading …" and "Could not load …". */
  what: string;
  children: (data: T) => ReactNode;
}) {
  if (resource.status === 'loading') {
    return (
      <p className="muted" role="status">
        Loading {what}…
      </p>
    );
  }
  if (resource.status === 'error') {
    return (
      <div className="admin-load-error">
        <Alert variant="destructive" title={`Could not load ${what}`}>
          {resource.message}
        </Alert>
        <Button variant="secondary" size="sm" onClick={resource.reload}>
          Try again
        </Button>
      </div>
    );
  }
  return <>{children(resource.data)}</>;
}

/** Previous and Next through a list shown a page at a time; nothing while it fits on one page. */
export function Pager({
  label,
  offset,
  total,
  pageSize,
  onPage,
}: {
  /** The navigation's accessible name, e.g. "Message pages". */
  label: string;
  offset: number;
  total: number;
  pageSize: number;
  onPage: (offset: number) => void;
}) {
  const page = Math.floor(offset / pageSize) + 1;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="admin-pager" aria-label={label}>
      <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => onPage(offset - pageSize)}>
        Previous
      </Button>
      <span>
        Page {page} of {pages}
      </span>
      <Button
        size="sm"
        variant="secondary"
        disabled={page >= pages}
        onClick={() => onPage(offset + pageSize)}
      >
        Next
      </Button>
    </nav>
  );
}

// The UI's one date-and-time format, re-exported for the admin pages.
export { formatDateTime } from '../../shared/formatDateTime.ts';

export function StatusBadge({
  tone,
  children,
}: {
  tone: 'ok' | 'warn' | 'bad' | 'neutral';
  children: ReactNode;
}) {
  return <span className={`admin-badge admin-badge--${tone}`}>{children}</span>;
}
