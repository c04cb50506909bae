import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute.tsx';
import { titleHead } from '../../shared/documentTitle.ts';
import { CsewClockPage } from './CsewClockPage.tsx';
import { PoliceClockPage } from './PoliceClockPage.tsx';

export const csewClockRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'crime-clock',
  head: titleHead('CSEW Crime Clock'),
  component: CsewClockPage,
});

export const policeClockRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'police-crime-clock',
  head: titleHead('Police Crime Clock'),
  component: PoliceClockPage,
});
