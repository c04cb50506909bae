import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io as connect, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { policeClockDefinition } from '../../../common/clock/police-definition.ts';
import {
  REALTIME_PATH,
  type ClientToServerEvents,
  type JoinClockReply,
  type ServerToClientEvents,
} from '../../../common/realtime/protocol.ts';
import { REALTIME_READ_HEADER, realtimeReadToken } from '../../../server-common/security/realtime-reads.ts';
import { clockAnswerFor } from '../../../tests/support/clock-answer.ts';
import { startRealtimeNode } from '../../../tests/support/realtime-node.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const definition = policeClockDefinition({
  categoryCounts: [{ slug: 'burglary', count: 1000 }],
  months: 12,
  latestDataMonth: '2026-09',
  excludedForces: [],
  lastUpdated: '2026-11-01T00:00:00Z',
});

/** The API's clock reads, each area read's realtime header kept. */
async function startApi() {
  const areaReads: { area: string; token: string | undefined }[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res.setHeader('content-type', 'application/json');
    if (url.pathname === '/api/police-clock') return res.end(JSON.stringify(clockAnswerFor(definition)));
    if (url.pathname === '/api/area-clock') {
      const token = req.headers[REALTIME_READ_HEADER];
      areaReads.push({
        area: url.searchParams.get('area')!,
        token: typeof token === 'string' ? token : undefined,
      });
      return res.end(JSON.stringify(clockAnswerFor(definition)));
    }
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    areaReads,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe("the realtime server's reads of the API", () => {
  const cleanups: (() => Promise<unknown> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  async function joinArea(url: string, area: string): Promise<JoinClockReply> {
    const socket: Client = connect(url, { path: REALTIME_PATH, transports: ['websocket'], forceNew: true });
    cleanups.push(() => void socket.close());
    return socket.timeout(10_000).emitWithAck('area:join', area);
  }

  it("carry the token of the API's key, once the API has made its key file", async () => {
    const api = await startApi();
    cleanups.push(api.close);
    const dataDir = mkdtempSync(join(tmpdir(), 'realtime-token-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const node = await startRealtimeNode({ API_INTERNAL_URL: api.url, DATA_DIR: dataDir, SECRET_KEY: '' });
    cleanups.push(() => node.stop('SIGKILL'));

    // No key yet (the API has not started): a read like any address's.
    expect((await joinArea(node.url, 'force:kent')).ok).toBe(true);
    expect(api.areaReads).toEqual([{ area: 'force:kent', token: undefined }]);

    // The API starts and writes its key file, as server-common/security/secret-box.ts does.
    const key = randomBytes(32);
    writeFileSync(join(dataDir, 'secret.key'), `${key.toString('hex')}\n`, { mode: 0o600 });
    expect((await joinArea(node.url, 'force:surrey')).ok).toBe(true);
    expect(api.areaReads[1]).toEqual({ area: 'force:surrey', token: realtimeReadToken(key) });
  }, 60_000);
});
