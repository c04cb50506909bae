import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute.tsx';
import { MESSAGES } from '../../../../common/i18n/messages.ts';
import { PAGE_LOCALE } from '../../i18n/pageLocale.ts';
import { titleHead } from '../../shared/documentTitle.ts';
import { validateSearchUrl } from './searchParams.ts';

export const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'search',
  validateSearch: validateSearchUrl,
  // The page's headline says what the store covers (policeCoverage.ts); the title claims no area.
  head: titleHead(MESSAGES[PAGE_LOCALE]['search.headline']),
  // The page brings d3 and the chart code; other pages need not load them.
  component: lazyRouteComponent(() => import('./SearchPage.tsx'), 'SearchPage'),
});
