import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute.tsx';
import { titleHead } from '../../shared/documentTitle.ts';
import { validateSearchUrl } from './searchParams.ts';

export const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'search',
  validateSearch: validateSearchUrl,
  // The page's headline says what the store covers (policeCoverage.ts); the title claims no area.
  head: titleHead('meta.search.title'),
  // The page brings d3 and the chart code; other pages need not load them.
  component: lazyRouteComponent(() => import('./SearchPage.tsx'), 'SearchPage'),
});
