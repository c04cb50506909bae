import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { RouteError } from '../../app/RouteError.tsx';
import { buttonClass } from '../../shared/ui/Button.tsx';

/**
 * Thrown by the admin routes' guard (adminRoutes.tsx) for anyone the browser does not know as an
 * admin. It only decides what the browser shows; the server refuses admin calls on its own.
 */
export class AdminAccessDenied extends Error {
  constructor() {
    super('Admin authentication required to access this area.');
    this.name = 'AdminAccessDenied';
  }
}

/** Shown while the guard waits for the start-up session check. */
export function CheckingAdminSession() {
  return (
    <div className="page page--narrow">
      <p role="status" className="muted">
        Checking your admin session…
      </p>
    </div>
  );
}

/** The admin routes' error page: Access Denied for the guard's refusal, the usual one otherwise. */
export function AdminRouteError(props: ErrorComponentProps) {
  return props.error instanceof AdminAccessDenied ? <AccessDenied /> : <RouteError {...props} />;
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
