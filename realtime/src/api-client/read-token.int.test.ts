import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
import { realtimeReadToken } from '../../../server-common/security/realtime-reads.ts';
import { startClockApiDouble } from '../../../tests/support/clock-api-double.ts';
import { startRealtimeNode } from '../../../tests/support/realtime-node.ts';

type Client = Socket<ServerToClientEvents, ClientToServerEvents>;

const definition = policeClockDefinition({
  categoryCounts: [{ slug: 'burglary', count: 1000 }],
  months: 12,
  latestDataMonth: '2026-09',
  excludedForces: [],
  lastUpdated: '2026-11-01T00:00:00Z',
});

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
    const api = await startClockApiDouble({ police: () => definition, area: () => definition });
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
