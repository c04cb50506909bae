import { createRootRouteWithContext } from '@tanstack/react-router';
import type { createStore } from 'jotai';
import { NotFoundPage } from '../features/not-found/NotFoundPage.tsx';
import { RootLayout } from './RootLayout.tsx';
import { RouteError } from './RouteError.tsx';

// Feature routes hang off this root; router.ts assembles them. Keeping the root free of feature
// imports (other than the 404 page) avoids import cycles between features and the app shell.
/** What every route's beforeLoad can read: the app's one jotai store (the admin guard reads the session from it). */
export interface RouterContext {
  store: ReturnType<typeof createStore>;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
  errorComponent: RouteError,
});
