import { Link } from '@tanstack/react-router';
import { documentTitle } from '../../shared/documentTitle.ts';
import { buttonClass } from '../../shared/ui/Button.tsx';

export function NotFoundPage() {
  return (
    <div className="page page--narrow not-found">
      {/* No route matched, so no route head supplies the title; React places this one in <head>. */}
      <title>{documentTitle('404 Page Not Found')}</title>
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="not-found__title">Page Not Found</h1>
      <p className="not-found__text">
        The page you were looking for does not exist. It may have moved, or the address may be mistyped.
      </p>
      <div className="actions actions--center">
        <Link to="/" className={buttonClass('primary', 'lg')}>
          Go to the home page
        </Link>
      </div>
    </div>
  );
}
