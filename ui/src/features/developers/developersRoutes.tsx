import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute.tsx';
import { titleHead } from '../../shared/documentTitle.ts';
import { validateTokenSearch } from '../alerts/linkToken.ts';
import { DevelopersPage } from './DevelopersPage.tsx';
import { KeyPage } from './KeyPage.tsx';

export const developersRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'developers',
  head: titleHead('meta.developers.title'),
  component: DevelopersPage,
});

/** The one-time key page an approval mail links to (`?token=`). */
export const developerKeyRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'developers/key',
  validateSearch: validateTokenSearch,
  head: titleHead('meta.developerKey.title'),
  component: function DeveloperKeyRoute() {
    const { token } = developerKeyRoute.useSearch();
    return <KeyPage token={token} />;
  },
});
