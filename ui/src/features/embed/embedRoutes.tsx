import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute.tsx';
import { titleHead } from '../../shared/documentTitle.ts';
import { EmbedClock } from './EmbedClock.tsx';
import { validateEmbedSearch } from './embedSearch.ts';

// Shown inside partner sites' iframes: the clock alone, without the site's header and footer.
const bare = { withoutSiteChrome: () => true };

export const csewEmbedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'embed/crime-clock',
  validateSearch: validateEmbedSearch,
  staticData: bare,
  head: titleHead('CSEW Crime Clock (embedded)'),
  component: function CsewEmbedRoute() {
    const { area: _area, ...options } = csewEmbedRoute.useSearch();
    return <EmbedClock kind="csew" options={options} />;
  },
});

export const policeEmbedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'embed/police-crime-clock',
  validateSearch: validateEmbedSearch,
  staticData: bare,
  head: titleHead('Police Crime Clock (embedded)'),
  component: function PoliceEmbedRoute() {
    const { area, ...options } = policeEmbedRoute.useSearch();
    return <EmbedClock kind="police" options={options} area={area} />;
  },
});
