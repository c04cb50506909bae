/**
 * Clock viewers for the soak: light Socket.IO clients (scripts/bench/realtime/light-client.ts) that
 * join a clock room through the proxy as the UI's clock pages do, and reconnect with back-off when
 * they lose their connection, as the UI does. Each viewer checks what its screen would show: the
 * count never goes backwards (across reconnects too, whichever node answers) and ticks keep coming.
 */
import type { ClockKind } from '../../../common/clock/types.ts';
import { CLOCK_KINDS, TICK_INTERVAL_MS } from '../../../common/realtime/protocol.ts';
import { readTick, type ClockTick } from '../../../common/realtime/tick.ts';
import { backOffDelay, type BackOff } from '../../../common/retry/back-off.ts';

const EMPTY_TICK: ClockTick = { c: 'csew', v: '', t: 0, y: 0, n: 0, counters: [] };
import { LatencyHistogram } from '../lib/histogram.ts';
import { LightClient, preciseNow, type LightClientListener } from '../realtime/light-client.ts';
import { sourceAddress } from '../realtime/messages.ts';
import type { Tally } from './stats.ts';

export interface TickSeen {
  t: number;
  y: number;
  n: number;
}

export type TickVerdict =
  'first' | 'next' | 'duplicate' | 'count differs' | 'count backwards' | 'time backwards';

/** How a tick relates to the last one the same viewer showed. */
export function judgeTick(previous: TickSeen | undefined, tick: TickSeen): TickVerdict {
  if (!previous) return 'first';
  if (tick.t < previous.t) return 'time backwards';
  // The same second must carry the same count, whichever node sent it.
  if (tick.t === previous.t) return tick.n === previous.n ? 'duplicate' : 'count differs';
  // A new year restarts the count at 0: only within one year must it never fall.
  if (tick.y === previous.y && tick.n < previous.n) return 'count backwards';
  if (tick.y < previous.y) return 'count backwards';
  return 'next';
}

/**
 * Between reconnection attempts, the product's back-off (common/retry/back-off.ts): 0.5-1 s after
 * the first failure, doubling to 8-16 s.
 */
const RECONNECT_BACK_OFF: BackOff = { baseMs: 1000, maxMs: 16_000 };

interface Slot {
  index: number;
  clock: ClockKind;
  localAddress: string;
  client: LightClient | undefined;
  last: TickSeen | undefined;
  lastReceivedAt: number;
  joinedOnce: boolean;
  failedAttempts: number;
  stalled: boolean;
  timer: NodeJS.Timeout | undefined;
}

export interface ViewerOptions {
  host: string;
  port: number;
  count: number;
  stallMs: number;
  errors: Tally;
  /** Source addresses 127.<base>.x, `perAddress` viewers each. */
  addressBase?: [number, number];
  perAddress?: number;
}

export interface ViewerSummary {
  target: number;
  joinedNow: number;
  everJoined: number;
  ticks: number;
  /** Ticks received per viewer per second of the measured window (1 is every tick). */
  tickRate: number;
  duplicateTicks: number;
  /** Seconds whose tick a viewer never got (skipped over; harmless by design, counts are absolute). */
  skippedTicks: number;
  definitions: number;
  gapMs: { p50: number; p99: number; max: number };
  /** From the tick's second to its arrival here, through the proxy. */
  delayMs: { p50: number; p99: number; max: number };
  reconnects: number;
  disconnects: number;
  joinFailures: number;
  stalls: number;
  backwards: number;
}

export class ViewerPool {
  private readonly slots: Slot[] = [];
  private stopping = false;
  private readonly gaps = new LatencyHistogram();
  private readonly delays = new LatencyHistogram();
  private readonly parsed = new Map<string, ClockTick>();
  private ticks = 0;
  private duplicates = 0;
  private skipped = 0;
  private definitions = 0;
  private reconnects = 0;
  private disconnects = 0;
  private joinFailures = 0;
  private stalls = 0;
  private backwards = 0;
  private measuring: { from: number; ticksAtStart: number } | undefined;
  private readonly sweeper: NodeJS.Timeout;
  private readonly listener: LightClientListener;

  constructor(private readonly options: ViewerOptions) {
    const base = options.addressBase ?? [41, 0];
    const perAddress = options.perAddress ?? 1000;
    for (let i = 0; i < options.count; i++) {
      this.slots.push({
        index: i,
        // As many viewers on each clock page.
        clock: CLOCK_KINDS[i % CLOCK_KINDS.length]!,
        localAddress: sourceAddress(i, base, perAddress),
        client: undefined,
        last: undefined,
        lastReceivedAt: 0,
        joinedOnce: false,
        failedAttempts: 0,
        stalled: false,
        timer: undefined,
      });
    }
    this.listener = {
      joined: (client) => this.onJoined(client),
      failed: (client, reason) => this.onLost(client, reason, false),
      closed: (client, reason) => this.onLost(client, reason, true),
      tick: (client, text, _wire, receivedAt) => this.onTick(client, text, receivedAt),
      other: (_client, kind) => {
        if (kind === 'definition') this.definitions++;
      },
    };
    this.sweeper = setInterval(() => this.sweep(), 1000);
  }

  /** Opens every viewer, `batch` at a time; resolves when all joined or `timeoutMs` passed. */
  async open(batch = 200, timeoutMs = 120_000): Promise<{ joined: number; ms: number }> {
    const started = Date.now();
    for (let from = 0; from < this.slots.length; from += batch) {
      for (const slot of this.slots.slice(from, from + batch)) this.connect(slot);
      // Let the batch's handshakes go through before the next.
      const deadline = Date.now() + 10_000;
      while (Date.now() < deadline && this.pendingIn(from, from + batch) > 0) await sleep(50);
    }
    while (Date.now() - started < timeoutMs && this.joinedNow() < this.slots.length) await sleep(100);
    return { joined: this.joinedNow(), ms: Date.now() - started };
  }

  /** Starts the measured window: tick rates are judged from here. */
  startMeasuring(): void {
    this.measuring = { from: Date.now(), ticksAtStart: this.ticks };
  }

  joinedNow(): number {
    let n = 0;
    for (const slot of this.slots) if (slot.client?.state === 'joined') n++;
    return n;
  }

  summary(): ViewerSummary {
    const seconds = this.measuring ? (Date.now() - this.measuring.from) / 1000 : Number.NaN;
    const measuredTicks = this.ticks - (this.measuring?.ticksAtStart ?? 0);
    const pick = (h: LatencyHistogram) => ({
      p50: h.percentile(0.5),
      p99: h.percentile(0.99),
      max: h.count > 0 ? h.max : Number.NaN,
    });
    return {
      target: this.slots.length,
      joinedNow: this.joinedNow(),
      everJoined: this.slots.filter((s) => s.joinedOnce).length,
      ticks: this.ticks,
      tickRate: this.slots.length > 0 ? measuredTicks / this.slots.length / seconds : Number.NaN,
      duplicateTicks: this.duplicates,
      skippedTicks: this.skipped,
      definitions: this.definitions,
      gapMs: pick(this.gaps),
      delayMs: pick(this.delays),
      reconnects: this.reconnects,
      disconnects: this.disconnects,
      joinFailures: this.joinFailures,
      stalls: this.stalls,
      backwards: this.backwards,
    };
  }

  /** Closes every viewer; nothing after this counts. */
  close(): void {
    this.stopping = true;
    clearInterval(this.sweeper);
    for (const slot of this.slots) {
      clearTimeout(slot.timer);
      slot.client?.destroy();
    }
  }

  private pendingIn(from: number, to: number): number {
    let n = 0;
    for (const slot of this.slots.slice(from, to)) {
      const state = slot.client?.state;
      if (state !== undefined && state !== 'joined' && state !== 'closed') n++;
    }
    return n;
  }

  private connect(slot: Slot): void {
    if (this.stopping) return;
    slot.timer = undefined;
    slot.client = new LightClient(
      slot.index,
      0,
      {
        host: this.options.host,
        port: this.options.port,
        localAddress: slot.localAddress,
        clock: slot.clock,
      },
      this.listener,
    );
  }

  private onJoined(client: LightClient): void {
    const slot = this.slots[client.index]!;
    if (slot.client !== client) return;
    if (slot.joinedOnce) this.reconnects++;
    slot.joinedOnce = true;
    slot.failedAttempts = 0;
    if (slot.lastReceivedAt === 0) slot.lastReceivedAt = preciseNow();
  }

  private onLost(client: LightClient, reason: string, wasJoined: boolean): void {
    if (this.stopping) return;
    const slot = this.slots[client.index]!;
    if (slot.client !== client) return;
    const kind = reason.replace(/\d+/g, '#').slice(0, 80);
    if (wasJoined) {
      this.disconnects++;
      this.options.errors.add(`viewer disconnected: ${kind}`, `viewer ${slot.index} (${slot.clock})`);
    } else {
      this.joinFailures++;
      this.options.errors.add(`viewer could not join: ${kind}`, `viewer ${slot.index} (${slot.clock})`);
    }
    slot.timer = setTimeout(
      () => this.connect(slot),
      backOffDelay(++slot.failedAttempts, RECONNECT_BACK_OFF, Math.random),
    );
  }

  private tickOf(text: string): ClockTick {
    let tick = this.parsed.get(text);
    if (!tick) {
      tick = readTick((JSON.parse(text.slice(2)) as [string, unknown])[1]) ?? EMPTY_TICK;
      if (this.parsed.size > 64) this.parsed.clear();
      this.parsed.set(text, tick);
    }
    return tick;
  }

  private onTick(client: LightClient, text: string, receivedAt: number): void {
    if (this.stopping) return;
    const slot = this.slots[client.index]!;
    if (slot.client !== client) return;
    const tick = this.tickOf(text);
    const verdict = judgeTick(slot.last, tick);
    if (verdict === 'duplicate') {
      // The snapshot tick sent at join repeats the last broadcast second: harmless.
      this.duplicates++;
      return;
    }
    if (verdict === 'count differs' && slot.last) {
      this.options.errors.add(
        'viewer: two counts for one second',
        `viewer ${slot.index} (${slot.clock}): t=${tick.t} n=${slot.last.n} then n=${tick.n}`,
      );
      return;
    }
    if (verdict === 'count backwards' || verdict === 'time backwards') {
      this.backwards++;
      this.options.errors.add(
        `viewer: ${verdict}`,
        `viewer ${slot.index} (${slot.clock}): ${JSON.stringify(slot.last)} then ${JSON.stringify({ t: tick.t, y: tick.y, n: tick.n })}`,
      );
      // Keep the highest seen, so one bad tick is not counted again by every later good one.
      if (verdict === 'time backwards') return;
    }
    this.ticks++;
    if (slot.last && verdict === 'next')
      this.skipped += Math.max(0, Math.round((tick.t - slot.last.t) / TICK_INTERVAL_MS) - 1);
    if (slot.lastReceivedAt > 0) {
      const gap = receivedAt - slot.lastReceivedAt;
      this.gaps.record(gap);
      if (gap > this.options.stallMs && !slot.stalled) this.stall(slot, gap);
    }
    this.delays.record(receivedAt - tick.t);
    slot.stalled = false;
    slot.lastReceivedAt = receivedAt;
    slot.last = verdict === 'count backwards' && slot.last ? slot.last : { t: tick.t, y: tick.y, n: tick.n };
  }

  private stall(slot: Slot, gapMs: number): void {
    slot.stalled = true;
    this.stalls++;
    this.options.errors.add(
      `viewer: no tick for over ${this.options.stallMs / 1000} s`,
      `viewer ${slot.index} (${slot.clock}): ${Math.round(gapMs)} ms without a tick`,
    );
  }

  /** Catches viewers whose ticks stopped (a gap is otherwise only seen when the next tick comes). */
  private sweep(): void {
    if (this.stopping) return;
    const now = preciseNow();
    for (const slot of this.slots) {
      if (slot.lastReceivedAt > 0 && !slot.stalled && now - slot.lastReceivedAt > this.options.stallMs) {
        this.stall(slot, now - slot.lastReceivedAt);
      }
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
