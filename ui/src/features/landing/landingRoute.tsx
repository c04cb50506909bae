import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute.tsx';
import { titleHead } from '../../shared/documentTitle.ts';
import { LandingPage } from './LandingPage.tsx';

export const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  head: titleHead(),
  component: LandingPage,
});
