// Redis stopped and restarted under the cluster: each realtime node keeps serving its own viewers
// (ticks, joins, viewers coming and going) while Redis is away, nothing crashes, and once Redis is
// back the nodes rejoin: a "data changed" notice from one node reaches the other's viewers again.
//
// The one thing the realtime nodes share through Redis is that notice (realtime/src/clocks/
// clock-rooms.ts): realtime-1 polls the API every second, realtime-2 only every hour, so
// realtime-2's viewers can learn of new police data within seconds only through Redis.
import { createConnection } from 'mysql2/promise';
import { describe, expect, it } from 'vitest';
import {
  closeViewers,
  describeViewers,
  longestGap,
  ticksSince,
  waitUntil,
  type ClockViewer,
} from '../support/clock-viewers.ts';
import { troubleIn, useFaultCluster } from '../support/fault-cluster.ts';
import type { ClusterProcess } from '../../scripts/cluster/cluster.ts';

const PER_NODE = 40;

describe('Redis stopped and restarted', () => {
  const env = useFaultCluster({
    // Redis is the realtime nodes' business: one API node is enough here.
    apiNodes: 1,
    nodeEnv: ({ role, index }) =>
      role === 'realtime' ? { CLOCK_REFRESH_SECONDS: index === 1 ? '1' : '3600' } : undefined,
  });

  /** Moves the latest street month's import time on, so the police clock gets a new version. */
  async function newPoliceData(step: number): Promise<string> {
    const db = await createConnection(env.cluster.databaseUrl);
    try {
      await db.query(
        `UPDATE dataset_months SET imported_at = ? WHERE dataset = 'street' ORDER BY month DESC, force_id LIMIT 1`,
        [new Date(Date.UTC(2030, 0, 1, 0, 0, step))],
      );
    } finally {
      await db.end();
    }
    const res = await fetch(`${env.cluster.url}/api/police-clock`);
    return ((await res.json()) as { definition: { version: string } }).definition.version;
  }

  const redisState = async (node: ClusterProcess) =>
    ((await (await fetch(`${node.url}/health`)).json()) as { redis?: string }).redis;
  /** Sockets the node holds (its health answer's count). */
  const clientsOf = async (node: ClusterProcess) =>
    ((await (await fetch(`${node.url}/health`)).json()) as { clients: number }).clients;
  const lastVersion = (list: ClockViewer[]) => [...new Set(list.map((v) => v.versions.at(-1)))];

  it('serves each node’s viewers while Redis is down, and shares data notices again after', async () => {
    const { cluster, redis } = env;
    const [fast, slow] = cluster.realtime as [ClusterProcess, ClusterProcess];
    const onFast = await env.openViewers(fast.url, PER_NODE);
    const onSlow = await env.openViewers(slow.url, PER_NODE);
    const police = (list: ClockViewer[]) => list.filter((v) => v.clock === 'police');
    const csew = (list: ClockViewer[]) => list.filter((v) => v.clock === 'csew');
    expect(await redisState(fast)).toBe('up');
    expect(await redisState(slow)).toBe('up');

    // With Redis: new data seen by the fast node reaches the slow node's viewers within seconds.
    const v1 = await newPoliceData(1);
    await waitUntil(
      () => lastVersion(police(onSlow)).every((v) => v === v1),
      8000,
      () => `slow node's viewers hold ${lastVersion(police(onSlow)).join(', ')}, not ${v1}`,
    );

    // Redis goes away.
    const downAt = Date.now();
    await redis.stop('SIGTERM');
    await waitUntil(
      async () => (await redisState(fast)) === 'down' && (await redisState(slow)) === 'down',
      5000,
    );

    // Viewers come and go on each node: the police rooms empty and fill again (room subscriptions
    // change on a Redis that is not there), and new data reaches the fast node's own viewers.
    for (const list of [onFast, onSlow]) closeViewers(police(list));
    // Until each node has seen its police viewers go, and so emptied their rooms.
    await waitUntil(
      async () =>
        (await clientsOf(fast)) <= csew(onFast).length && (await clientsOf(slow)) <= csew(onSlow).length,
      10_000,
      () => 'the realtime nodes still count the closed police viewers',
    );
    const lateFast = await env.openViewers(fast.url, 10, { clocks: ['police'] });
    const lateSlow = await env.openViewers(slow.url, 10, { clocks: ['police'] });
    const v2 = await newPoliceData(2);
    await waitUntil(
      () => lastVersion(lateFast).every((v) => v === v2),
      8000,
      () => `fast node's viewers hold ${lastVersion(lateFast).join(', ')}, not ${v2}`,
    );
    // Long enough for every queued Redis command to have given up.
    await new Promise((r) => setTimeout(r, 5000));
    const upAgainAt = Date.now();
    for (const viewer of [...csew(onFast), ...csew(onSlow)]) {
      expect(longestGap(viewer, downAt, upAgainAt), 'csew viewer tick gap').toBeLessThan(2500);
    }
    for (const viewer of [...lateFast, ...lateSlow])
      expect(ticksSince(viewer, upAgainAt - 3000)).toBeGreaterThan(1);
    expect(fast.running() && slow.running()).toBe(true);

    // Redis is back on the same port: both nodes reconnect and share notices again.
    await redis.start();
    await waitUntil(
      async () => (await redisState(fast)) === 'up' && (await redisState(slow)) === 'up',
      15_000,
      () => 'the realtime nodes did not report Redis up again',
    );
    const v3 = await newPoliceData(3);
    await waitUntil(
      () => lastVersion(lateSlow).every((v) => v === v3),
      8000,
      () => `slow node's viewers hold ${lastVersion(lateSlow).join(', ')}, not ${v3}`,
    );

    const all = [...csew(onFast), ...csew(onSlow), ...lateFast, ...lateSlow];
    await waitUntil(
      () => all.every((v) => ticksSince(v, Date.now() - 2000) >= 1),
      5000,
      () => describeViewers(all),
    );
    expect(all.every((v) => v.disconnects.length === 0)).toBe(true);
    expect(env.viewers.flatMap((v) => v.backwards)).toEqual([]);
    expect(env.viewers.flatMap((v) => v.joinErrors)).toEqual([]);
    for (const p of cluster.processes) {
      expect(p.running(), `${p.name} running`).toBe(true);
      expect(troubleIn(p.output()), `${p.name} output`).toEqual([]);
    }
  });
});
