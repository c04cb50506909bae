/**
 * Stands in for the API: the realtime server reads the police clock's definition from
 * `GET /api/police-clock`. Answers the whole clock answer (the contract the realtime server
 * checks) around a definition built by the product's own policeClockDefinition from fixed,
 * plausible counts; everything else is 404. Loopback only.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ClockDefinition } from '../../../common/clock/types.ts';
import { clockAnswerFor } from '../../../tests/support/clock-answer.ts';
import {
  GREATER_MANCHESTER_EXCLUSION,
  policeClockDefinition,
} from '../../../common/clock/police-definition.ts';

/** Six months of police-recorded crime in England and Wales, roughly (not real figures). */
export const BENCH_POLICE_DEFINITION: ClockDefinition = policeClockDefinition({
  categoryCounts: [
    { slug: 'violent-crime', count: 1_050_000 },
    { slug: 'shoplifting', count: 245_000 },
    { slug: 'criminal-damage-arson', count: 230_000 },
    { slug: 'public-order', count: 200_000 },
    { slug: 'other-theft', count: 190_000 },
    { slug: 'vehicle-crime', count: 160_000 },
    { slug: 'burglary', count: 125_000 },
    { slug: 'drugs', count: 90_000 },
    { slug: 'theft-from-the-person', count: 50_000 },
    { slug: 'other-crime', count: 45_000 },
    { slug: 'bicycle-theft', count: 35_000 },
    { slug: 'robbery', count: 35_000 },
    { slug: 'possession-of-weapons', count: 25_000 },
  ],
  months: 6,
  latestDataMonth: '2025-09',
  excludedForces: [GREATER_MANCHESTER_EXCLUSION],
  lastUpdated: '2025-11-04T10:00:00Z',
  areaName: 'England and Wales',
  synthetic: true,
});

export interface ApiDouble {
  url: string;
  requests(): number;
  close(): Promise<void>;
}

export async function startApiDouble(
  definition: ClockDefinition = BENCH_POLICE_DEFINITION,
): Promise<ApiDouble> {
  let requests = 0;
  const server: Server = createServer((req, res) => {
    requests++;
    if (req.method === 'GET' && req.url?.split('?')[0] === '/api/police-clock') {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(clockAnswerFor(definition)));
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"success":false,"code":"NOT_FOUND"}');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
