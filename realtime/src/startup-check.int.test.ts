import { createServer, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../tests/support/product.ts';
import { startRealtimeNode } from '../../tests/support/realtime-node.ts';
import { startRedisServer, type RedisServer } from '../../tests/support/redis-server.ts';

/** An HTTP server answering every request with `status` and `body`: an API, or something else. */
async function startHttp(status: number, body: unknown): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
}

const NO_POLICE_DATA = { success: false, error: 'No police data', code: 'NO_POLICE_DATA' };

/** The sharded pub/sub commands renamed away, as a Redis 6 lacks them. */
const WITHOUT_SHARDED_PUBSUB = ['SPUBLISH', 'SSUBSCRIBE', 'SUNSUBSCRIBE'].flatMap((name) => [
  '--rename-command',
  name,
  `${name}-renamed-by-test`,
]);

describe.runIf(process.env.TEST_REDIS_URL)('the realtime server checks what it relies on at start', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  const api = async (status = 503, body: unknown = NO_POLICE_DATA) => {
    const started = await startHttp(status, body);
    cleanups.push(() => new Promise((resolve) => started.server.close(resolve)));
    return started.url;
  };
  const redis = async (args: readonly string[] = []) => {
    const server: RedisServer = await startRedisServer(args);
    cleanups.push(() => server.stop());
    return server.url;
  };

  it('starts with a Redis that has sharded pub/sub and an API without police data yet', async () => {
    const node = await startRealtimeNode({ REDIS_URL: await redis(), API_INTERNAL_URL: await api() });
    cleanups.push(() => node.stop('SIGKILL'));
    const health = (await (await fetch(`${node.url}/health`)).json()) as { redis?: string };
    expect(health.redis).toBe('up');
  }, 30_000);

  it('stops, naming Redis 7 and REDIS_URL, when Redis lacks sharded pub/sub', async () => {
    const failed = startRealtimeNode({
      REDIS_URL: await redis(WITHOUT_SHARDED_PUBSUB),
      API_INTERNAL_URL: await api(),
    });
    await expect(failed).rejects.toThrow(/exited during start-up/);
    const output = String(await failed.catch((e: unknown) => (e as Error).message));
    expect(output).toMatch(
      /failed to start: Redis at redis:\/\/127\.0\.0\.1:\d+ \(REDIS_URL, version 7[\d.]*\)/,
    );
    expect(output).toMatch(/cannot run SPUBLISH: ERR unknown command/);
    expect(output).toMatch(/needs Redis 7 or later: upgrade Redis, or unset REDIS_URL/);
    expect(output).not.toMatch(/listening/);
  }, 30_000);

  it('stops when nothing answers at REDIS_URL, after waiting for a Redis still starting', async () => {
    const port = await freePort();
    const started = Date.now();
    const failed = startRealtimeNode({
      REDIS_URL: `redis://:secret@127.0.0.1:${port}`,
      API_INTERNAL_URL: await api(),
    });
    const output = String(await failed.catch((e: unknown) => (e as Error).message));
    expect(output).toMatch(
      new RegExp(
        `Cannot reach Redis at redis://:\\*\\*\\*@127\\.0\\.0\\.1:${port} \\(REDIS_URL\\) within 10 s`,
      ),
    );
    expect(output).toMatch(/Start Redis or correct REDIS_URL/);
    expect(output).not.toMatch(/secret/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(10_000);
  }, 40_000);

  it('stops when API_INTERNAL_URL leads to something that is not the API, and waits for one that is not up', async () => {
    const elsewhere = await api(404, { message: 'Not Found' });
    const failed = startRealtimeNode({ API_INTERNAL_URL: elsewhere });
    const output = String(await failed.catch((e: unknown) => (e as Error).message));
    expect(output).toContain(
      `API_INTERNAL_URL=${elsewhere} does not lead to a Crime Clock API: GET /api/police-clock answered 404`,
    );

    const notYet = await startRealtimeNode({ API_INTERNAL_URL: `http://127.0.0.1:${await freePort()}` });
    cleanups.push(() => notYet.stop('SIGKILL'));
    expect(notYet.output()).toMatch(/does not answer yet/);
  }, 30_000);

  it('starts beside an API of another version, whose police clock it cannot read, and waits for it', async () => {
    // A police clock whose definition this node's contract does not take (fields renamed, say).
    const otherVersion = await api(200, { definition: { clock: 'police', version: 'next', ratePerYear: 1 } });
    const node = await startRealtimeNode({ API_INTERNAL_URL: otherVersion });
    cleanups.push(() => node.stop('SIGKILL'));
    expect(node.output()).toContain(
      `The API at ${otherVersion} (API_INTERNAL_URL) answers a police clock this node cannot read (malformed answer from /api/police-clock`,
    );
    expect(node.output()).toMatch(/another version of the API\? The police clock waits until they match/);
    expect(node.output()).not.toMatch(/does not lead to a Crime Clock API/);
  }, 30_000);

  it('stops when API_INTERNAL_URL answers a success that is no police clock', async () => {
    for (const body of [{ definition: { clock: 'csew', version: 'x' } }, { status: 'ok' }, 'hello']) {
      const elsewhere = await api(200, body);
      const output = await startRealtimeNode({ API_INTERNAL_URL: elsewhere }).then(
        (node) => {
          cleanups.push(() => node.stop('SIGKILL'));
          return node.output();
        },
        (e: unknown) => (e as Error).message,
      );
      expect(output, JSON.stringify(body)).toContain(
        `API_INTERNAL_URL=${elsewhere} does not lead to a Crime Clock API: GET /api/police-clock answered something other than a police clock`,
      );
      expect(output).not.toMatch(/listening/);
    }
  }, 60_000);
});
