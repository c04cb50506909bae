/**
 * A few real socket.io-client clients per node, next to the light clients: they check that the
 * light client's view (payload bytes, delays) matches what the real client library sees.
 */
import { io, type Socket } from 'socket.io-client';
import type { ClockDefinition, ClockKind } from '../../../common/clock/types.ts';
import {
  REALTIME_PATH,
  TICK_EVENT,
  type ClientToServerEvents,
  type JoinClockReply,
  type ServerToClientEvents,
} from '../../../common/realtime/protocol.ts';
import { readTick, type TickFrame } from '../../../common/realtime/tick.ts';
import { LatencyHistogram } from '../lib/histogram.ts';
import { preciseNow } from './light-client.ts';
import type { NodeTarget } from './messages.ts';

type ClockSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface ProbeWindowResult {
  clients: number;
  histogram: LatencyHistogram;
  ticks: number;
  /** (node, t) → the tick re-encoded as the frame text the server sends (`42["t",[…]]`). */
  payloads: { node: number; t: number; text: string }[];
}

export class Probes {
  private readonly sockets: { node: number; socket: ClockSocket }[] = [];
  private window: { fromT: number; toT: number; result: ProbeWindowResult } | undefined;

  static async open(targets: NodeTarget[], perNode: number, clock: ClockKind): Promise<Probes> {
    const probes = new Probes();
    const joins: Promise<void>[] = [];
    for (const target of targets) {
      for (let i = 0; i < perNode; i++) {
        const socket: ClockSocket = io(`http://${target.host}:${target.port}`, {
          path: REALTIME_PATH,
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          timeout: 10_000,
        });
        probes.sockets.push({ node: target.node, socket });
        let lastT = 0;
        socket.on(TICK_EVENT, (frame) => {
          const receivedAt = preciseNow();
          const t = readTick(frame)?.t ?? 0;
          // A repeated or older t is a duplicate (the light clients count those separately).
          if (t <= lastT) return;
          lastT = t;
          probes.onTick(target.node, t, frame, receivedAt);
        });
        joins.push(
          new Promise<void>((resolve, reject) => {
            socket.once('connect_error', reject);
            socket.once('connect', () => {
              socket
                .timeout(10_000)
                .emitWithAck('clock:join', clock)
                .then((reply: JoinClockReply) =>
                  reply.ok ? resolve() : reject(new Error(`probe join refused: ${reply.error}`)),
                )
                .catch(reject);
            });
          }),
        );
      }
    }
    try {
      await Promise.all(joins);
    } catch (error) {
      probes.close();
      throw error;
    }
    return probes;
  }

  private onTick(node: number, t: number, frame: TickFrame, receivedAt: number) {
    const w = this.window;
    if (!w || t < w.fromT || t > w.toT) return;
    w.result.histogram.record(receivedAt - t);
    w.result.ticks++;
    w.result.payloads.push({ node, t, text: `42${JSON.stringify([TICK_EVENT, frame])}` });
  }

  startWindow(fromT: number, toT: number): void {
    const connected = this.sockets.filter((s) => s.socket.connected).length;
    this.window = {
      fromT,
      toT,
      result: { clients: connected, histogram: new LatencyHistogram(), ticks: 0, payloads: [] },
    };
  }

  collect(): ProbeWindowResult | undefined {
    const result = this.window?.result;
    this.window = undefined;
    return result;
  }

  close(): void {
    for (const { socket } of this.sockets) socket.disconnect();
  }
}

/** The definition a node serves for `clock`, as a joining client receives it (for the baseline). */
export async function fetchDefinition(target: NodeTarget, clock: ClockKind): Promise<ClockDefinition> {
  const socket: ClockSocket = io(`http://${target.host}:${target.port}`, {
    path: REALTIME_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    timeout: 10_000,
  });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect_error', reject);
      socket.once('connect', () => resolve());
    });
    const reply: JoinClockReply = await socket.timeout(10_000).emitWithAck('clock:join', clock);
    if (!reply.ok) throw new Error(`node ${target.node} has no ${clock} definition: ${reply.error}`);
    return reply.definition;
  } finally {
    socket.disconnect();
  }
}
