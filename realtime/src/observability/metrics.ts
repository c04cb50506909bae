import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { ClockKind } from '../../../common/clock/types.ts';
import { CLOCK_KINDS, clockRoom } from '../../../common/realtime/protocol.ts';
import type { EngineName } from '../engine/http-engine.ts';
import type { RealtimeIo } from '../io-types.ts';
import { processMetricsRegistry } from '../../../server-common/observability/process-metrics.ts';

export interface RealtimeMetricsOptions {
  io: RealtimeIo;
  /** The clock ticks are aimed by; a tick's delay is measured against it. */
  now?: () => number;
  /** What carries the sockets (uWebSockets.js, or node:http where it does not load). */
  engine: EngineName;
}

export interface RealtimeMetrics {
  /** The process's default metrics and the node's own, as one registry to serve. */
  registry: Registry;
  /** Call right after a tick for `second` went out to a clock's room. */
  tickSent(clock: ClockKind, second: number): void;
}

/**
 * The realtime node's Prometheus metrics, in a registry of its own (never prom-client's global
 * one). Clients are counted from Socket.IO's own state (rooms, the engine) when a scrape asks,
 * so nothing here keeps a second account of who is where. Counts are this node's clients only.
 */
export function createRealtimeMetrics({
  io,
  now = Date.now,
  engine,
}: RealtimeMetricsOptions): RealtimeMetrics {
  const own = new Registry();
  const registers = [own];

  new Gauge({
    name: 'crime_clock_realtime_engine_info',
    help: 'Always 1; its label names what carries the sockets (node:http where uWebSockets.js does not load).',
    labelNames: ['engine'] as const,
    registers,
  }).set({ engine }, 1);

  new Gauge({
    name: 'crime_clock_realtime_room_clients',
    help: "Clients of this node in each clock's room (they receive its ticks).",
    labelNames: ['room'] as const,
    registers,
    collect() {
      const rooms = io.of('/').adapter.rooms;
      for (const clock of CLOCK_KINDS) {
        const room = clockRoom(clock);
        this.set({ room }, rooms.get(room)?.size ?? 0);
      }
    },
  });

  new Gauge({
    name: 'crime_clock_realtime_connected_clients',
    help: 'Clients connected to this node, in a clock room or not.',
    registers,
    collect() {
      this.set(io.engine.clientsCount);
    },
  });

  const connections = new Counter({
    name: 'crime_clock_realtime_connections_total',
    help: 'Socket.IO connections this node has accepted since it started (reconnections included).',
    registers,
  });
  io.on('connection', () => connections.inc());

  const tickDelay = new Histogram({
    name: 'crime_clock_realtime_tick_delay_seconds',
    help: 'How long after the whole second it is for a tick had left for its room (timer lateness plus the fan-out).',
    labelNames: ['clock'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers,
  });
  const ticks = new Counter({
    name: 'crime_clock_realtime_ticks_total',
    help: 'Ticks this node has sent to a clock room (none while a room is empty).',
    labelNames: ['clock'] as const,
    registers,
  });

  return {
    registry: Registry.merge([processMetricsRegistry(), own]),
    tickSent(clock, second) {
      tickDelay.observe({ clock }, Math.max(0, now() - second) / 1000);
      ticks.inc({ clock });
    },
  };
}
