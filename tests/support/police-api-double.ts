/**
 * A local stand-in for data.police.uk, the one outside service the UI's pages reach: browser tests
 * must not depend on the real one being up, nor send it traffic.
 */
import { once } from 'node:events';
import { createServer } from 'node:http';

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

export interface PoliceApiDouble {
  /** For the product's POLICE_API_URL. */
  url: string;
  /** Every path asked for, in order. */
  requests: readonly string[];
  close(): void;
}

/** Every people endpoint (force or neighbourhood) answers `team`; anything else 404 with `[]`. */
export async function startPoliceApiDouble(
  team: readonly Officer[] = NEIGHBOURHOOD_TEAM,
): Promise<PoliceApiDouble> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '';
    requests.push(path);
    const people = path.endsWith('/people');
    response.writeHead(people ? 200 : 404, { 'content-type': 'application/json' });
    response.end(people ? JSON.stringify(team) : '[]');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('no address');
  return { url: `http://127.0.0.1:${address.port}`, requests, close: () => server.close() };
}
