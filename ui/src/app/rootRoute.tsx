import { createRootRoute } from '@tanstack/react-router';
import { NotFoundPage } from '../features/not-found/NotFoundPage.tsx';
import { RootLayout } from './RootLayout.tsx';
import { RouteError } from './RouteError.tsx';

// Feature routes hang off this root; router.ts assembles them. Keeping the root free of feature
// imports (other than the 404 page) avoids import cycles between features and the app shell.
export const rootRoute = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteError,
});
