import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute.tsx';
import { titleHead } from '../../shared/documentTitle.ts';
import { validateSearchUrl } from './searchParams.ts';

export const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'search',
  validateSearch: validateSearchUrl,
  head: titleHead('Crime Data Search: England and Wales'),
  // The page brings d3 and the chart code; other pages need not load them.
  component: lazyRouteComponent(() => import('./SearchPage.tsx'), 'SearchPage'),
});
