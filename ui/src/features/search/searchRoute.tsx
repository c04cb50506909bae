import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute.tsx';
import { titleHead } from '../../shared/documentTitle.ts';
import { SearchPage } from './SearchPage.tsx';

export const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'search',
  head: titleHead('UK Crime Data Search'),
  component: SearchPage,
});
