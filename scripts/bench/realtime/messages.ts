/** What the benchmark's coordinator and its load-generator worker processes say to each other (IPC). */
import type { ClockKind } from '../../../common/clock/types.ts';
import type { SparseHistogram } from '../lib/histogram.ts';

export interface NodeTarget {
  node: number;
  host: string;
  port: number;
}

export type WorkerRequest =
  | {
      type: 'open';
      id: number;
      /** Global client indices [from, from + count); client i goes to targets[i % targets.length]. */
      from: number;
      count: number;
      targets: NodeTarget[];
      clock: ClockKind;
      /** Clients whose join has not been acknowledged by then are given up. */
      timeoutMs: number;
    }
  | { type: 'window'; id: number; fromT: number; toT: number }
  | { type: 'collect'; id: number }
  | { type: 'stop'; id: number };

export interface OpenResult {
  type: 'opened';
  id: number;
  joined: number;
  failed: number;
  failures: Record<string, number>;
  ms: number;
  /** Size on the wire of one join acknowledgement (carries the clock definition). */
  joinReplyBytes: number;
}

export interface TickAggregate {
  node: number;
  t: number;
  histogram: SparseHistogram;
  /** First and last receipt of this tick in this worker (ms since the epoch). */
  firstAt: number;
  lastAt: number;
  /** Every distinct payload (the whole frame text) with how many clients received it. */
  payloads: [string, number][];
  wireBytes: number;
  /**
   * CPU time this worker used from the first to a late receipt of this tick, over the wall time
   * between them: near 1 means the worker was saturated while the tick fanned out (it may have
   * added delay), well below 1 that it was waiting for the server's bytes.
   */
  busyRatio: number;
}

export interface WindowResult {
  type: 'collected';
  id: number;
  pid: number;
  /** Clients joined when the window opened, per node. */
  clientsAtStart: Record<number, number>;
  ticks: TickAggregate[];
  duplicateTicks: number;
  /** Ticks received whose `t` lies outside the window (ignored), and ticks that arrived late. */
  outsideWindow: number;
  closedInWindow: number;
  closeReasons: Record<string, number>;
  /** Ticks whose whole total was below the client's previous one (same year). */
  countsBackwards: number;
  definitionsReceived: number;
  otherMessages: number;
  /** The worker's own health while measuring. */
  eventLoopDelayMs: { p50: number; p99: number; max: number };
  cpuPercent: number;
}

export type WorkerReply =
  OpenResult | WindowResult | { type: 'ok'; id: number } | { type: 'error'; id: number; message: string };

/** Spreads clients over loopback source addresses, `perAddress` each, inside a /16 of 127/8. */
export function sourceAddress(index: number, base: [number, number], perAddress: number): string {
  const slot = Math.floor(index / perAddress);
  return `127.${base[0]}.${base[1]}.${2 + slot}`;
}
