import { Link, Outlet } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import { adminSessionAtom } from '../auth/adminSession.ts';
import { buttonClass } from '../../shared/ui/Button.tsx';

/**
 * Every /admin page renders inside this layout. It only decides what the browser shows; the server
 * refuses admin calls from anyone else on its own.
 */
export function AdminLayout() {
  const { status } = useAtomValue(adminSessionAtom);

  if (status === 'unknown') {
    return (
      <div className="page page--narrow">
        <p role="status" className="muted">
          Checking your admin session…
        </p>
      </div>
    );
  }

  if (status !== 'admin') return <AccessDenied />;

  return <Outlet />;
}

function AccessDenied() {
  return (
    <div className="page page--narrow access-denied">
      <div className="access-denied__card card">
        <h1 className="access-denied__title">Access Denied</h1>
        <p>Admin authentication required to access this area.</p>
        <Link to="/crime-clock" className={buttonClass('primary')}>
          Back to Crime Clock
        </Link>
      </div>
    </div>
  );
}
