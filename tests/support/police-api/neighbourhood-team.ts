/**
 * The browser tests' data.police.uk: the project's own test double
 * (tests/support/police-api/double.ts), serving one neighbourhood team on every
 * people endpoint and nothing else, so the pages never depend on the real service.
 */
import { startPoliceApiDouble, type PoliceApiDouble } from './double.ts';

/** An officer as data.police.uk's people endpoints send one. */
export interface Officer {
  name: string;
  rank: string;
  bio: string | null;
  contact_details: { email?: string; telephone?: string };
}

/** Officers of every rank badge, with bios carrying markup that the server must clean. */
export const NEIGHBOURHOOD_TEAM: readonly Officer[] = [
  {
    name: 'Jane Okafor',
    rank: 'Inspector',
    bio: '<p>Leads the <strong>neighbourhood</strong> team.</p><script>window.__bioRan = true</script><img src="x" onerror="window.__bioRan = true">',
    contact_details: { email: 'jane.okafor@example.police.uk', telephone: '101' },
  },
  { name: 'Tom Reed', rank: 'Sergeant', bio: null, contact_details: {} },
  { name: 'Priya Shah', rank: 'Police Constable', bio: '<p>Schools officer.</p>', contact_details: {} },
  { name: 'Alan Brook', rank: 'Chief Inspector', bio: null, contact_details: {} },
];

/** Every force and neighbourhood has this team; nothing else is known (404). */
const everyKey = (team: readonly Officer[]) =>
  new Proxy({} as Record<string, unknown[]>, { get: () => [...team] });

export function startTeamPoliceApi(team: readonly Officer[] = NEIGHBOURHOOD_TEAM): Promise<PoliceApiDouble> {
  return startPoliceApiDouble({
    forces: [],
    neighbourhoods: {},
    boundaries: {},
    forcePeople: everyKey(team),
    neighbourhoodPeople: everyKey(team),
  });
}

/** The paths the product asked for, as data.police.uk's API paths (without the /api prefix). */
export const requestedPaths = (double: PoliceApiDouble) =>
  double.requests.map((r) => r.path.replace(/^\/api/, ''));
