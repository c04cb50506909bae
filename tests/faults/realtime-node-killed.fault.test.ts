// kill -9 of a realtime node under load, through the cluster's proxy: the node's viewers reconnect
// to the other node within seconds, no viewer's count ever goes back, the other node's viewers do
// not notice, and the killed node rejoins the rotation when it is started again.
import { describe, expect, it } from 'vitest';
import { describeViewers, longestGap, ticksSince, waitUntil } from '../support/clock-viewers.ts';
import { clientsOf, troubleIn, useFaultCluster } from '../support/fault-cluster.ts';

const VIEWERS = 300;
/** From the kill to a dropped viewer's first tick on the other node: "within seconds". */
const RESUME_LIMIT_MS = 6000;

describe('a realtime node killed under load', () => {
  const env = useFaultCluster();

  it('moves its viewers to the other node within seconds, and no count goes back', async () => {
    const { cluster } = env;
    const [victim, survivor] = cluster.realtime as [
      (typeof cluster.realtime)[0],
      (typeof cluster.realtime)[0],
    ];

    const viewers = await env.openViewers(cluster.url, VIEWERS);
    await waitUntil(
      () => viewers.every((v) => v.tickTimes.length >= 2),
      15_000,
      () => describeViewers(viewers),
    );
    const before = await Promise.all([clientsOf(victim), clientsOf(survivor)]);
    // The proxy spread the websockets over both nodes.
    expect(before[0] + before[1]).toBe(VIEWERS);
    expect(Math.min(...before)).toBeGreaterThan(VIEWERS * 0.3);

    // Page loads and clock reads keep going through the proxy meanwhile.
    const http = { ok: 0, failed: [] as string[], running: true };
    const httpLoad = Promise.all(
      Array.from({ length: 4 }, async (_, i) => {
        const path = ['/api/police-clock', '/api/csew-clock', '/api/config', '/'][i]!;
        while (http.running) {
          const res = await fetch(`${cluster.url}${path}`).catch((e: Error) => e);
          if (res instanceof Error || !res.ok)
            http.failed.push(`${path}: ${res instanceof Error ? res.message : res.status}`);
          else http.ok += 1;
          if (!(res instanceof Error)) await res.arrayBuffer().catch(() => {});
        }
      }),
    );

    const killedAt = Date.now();
    const exit = await victim.kill('SIGKILL');
    expect(exit.signal).toBe('SIGKILL');

    // Every viewer ticks again; the dropped ones after joining again on the survivor.
    await waitUntil(
      () => viewers.every((v) => ticksSince(v, killedAt + RESUME_LIMIT_MS / 2) >= 1),
      30_000,
      () => describeViewers(viewers),
    );
    const settled = Date.now();
    http.running = false;
    await httpLoad;

    const dropped = viewers.filter((v) => v.disconnects.some((d) => d.at >= killedAt));
    // Exactly the victim's viewers lost their connection, and all of them are back.
    expect(dropped.length).toBe(before[0]);
    expect(await clientsOf(survivor)).toBe(VIEWERS);
    expect(viewers.every((v) => v.socket.connected)).toBe(true);

    // Each dropped viewer's clock was back within seconds of the kill.
    const resumeTimes = dropped.map((v) => v.tickTimes.find((at) => at > killedAt)! - killedAt);
    const slowest = Math.max(...resumeTimes);
    expect(slowest, `slowest resume ${slowest} ms`).toBeLessThan(RESUME_LIMIT_MS);
    for (const viewer of dropped) {
      expect(viewer.joins).toBeGreaterThanOrEqual(2);
      expect(viewer.disconnects.at(-1)!.reason).toBe('transport close');
    }

    // The survivor's own viewers never noticed: a tick every second throughout.
    const undisturbed = viewers.filter((v) => !dropped.includes(v));
    const worstGap = Math.max(...undisturbed.map((v) => longestGap(v, killedAt, settled)));
    expect(worstGap, `longest gap on the surviving node ${worstGap} ms`).toBeLessThan(2500);

    // No viewer's count or time ever went back, across the move from one node to the other.
    expect(viewers.flatMap((v) => v.backwards)).toEqual([]);
    expect(viewers.flatMap((v) => v.joinErrors)).toEqual([]);
    expect(http.failed).toEqual([]);
    expect(http.ok).toBeGreaterThan(20);

    // Started again, the node is back in the proxy's rotation: new viewers land on it.
    await victim.start();
    await cluster.waitForProxy([victim]);
    const late = await env.openViewers(cluster.url, 20);
    expect(await clientsOf(victim)).toBeGreaterThanOrEqual(5);
    await waitUntil(
      () => late.every((v) => v.tickTimes.length >= 2),
      10_000,
      () => describeViewers(late),
    );
    expect(late.flatMap((v) => v.backwards)).toEqual([]);

    for (const p of cluster.processes) {
      expect(troubleIn(p.output()), `${p.name} output`).toEqual([]);
      expect(p.running(), `${p.name} running`).toBe(true);
    }
  });
});
