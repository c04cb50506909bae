import { createRoute } from '@tanstack/react-router';
import { rootRoute } from '../../app/rootRoute.tsx';
import { titleHead } from '../../shared/documentTitle.ts';
import { isKioskSearch, validateClockSearch } from './clockSearch.ts';
import { CsewClockPage } from './CsewClockPage.tsx';
import { PoliceClockPage } from './PoliceClockPage.tsx';

export const csewClockRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'crime-clock',
  validateSearch: validateClockSearch,
  staticData: { withoutSiteChrome: isKioskSearch },
  head: titleHead('meta.csewClock.title'),
  component: function CsewClockRoute() {
    const { kiosk } = csewClockRoute.useSearch();
    return <CsewClockPage kiosk={kiosk === 1} />;
  },
});

export const policeClockRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'police-crime-clock',
  validateSearch: validateClockSearch,
  staticData: { withoutSiteChrome: isKioskSearch },
  head: titleHead('meta.policeClock.title'),
  component: function PoliceClockRoute() {
    const { kiosk, area } = policeClockRoute.useSearch();
    // Keyed by the area: each area is its own live feed (its own room on the realtime server).
    return <PoliceClockPage key={area ?? 'national'} kiosk={kiosk === 1} area={area} />;
  },
});
