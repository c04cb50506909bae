import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { ClockDefinition, ClockKind } from '../../../common/clock/types.ts';
import {
  CLOCK_DATA_VERSION_CHANNEL,
  GetClockDataVersion,
  GetCsewClock,
  GetPoliceClock,
} from '../../../common/contracts/clocks.ts';
import type { ApiReader } from '../api-client/api-reader.ts';
import { CSEW_CLOCK_DEFINITION } from '../../../common/survey/csew-clock.ts';
import { backOffDelay } from '../../../common/retry/back-off.ts';

export type DefinitionListener = (definition: ClockDefinition) => void;

export interface DefinitionSource {
  current(clock: ClockKind): ClockDefinition | undefined;
  /**
   * Whether the API's last answer for the clock was that its store holds no data for it (no
   * police data imported): a definite answer, not a node that cannot reach the API.
   */
  answeredEmpty?(clock: ClockKind): boolean;
  /** Fetches now (e.g. when another node says the data changed); resolves when done. */
  refresh(): Promise<void>;
  onChange(listener: DefinitionListener): void;
  start(): void;
  stop(): void;
}

export interface DefinitionSourceOptions {
  /** Reads the API (built by the composition root); the police clock's definition comes from its store. */
  readApi: ApiReader;
  logger: Logger;
  refreshMs?: number;
  /**
   * How often the API's data version is read (GET /api/clock-data-version, two one-row reads)
   * without Redis; a change fetches the definitions at once, so a new import or new survey figures
   * reach every screen within about a tick, whichever process or node made them.
   */
  versionPollMs?: number;
  /**
   * With Redis (REDIS_URL) the version is not polled: the API nodes publish it when it changes
   * (CLOCK_DATA_VERSION_CHANNEL) and this source reloads on the message. A connection of its own
   * (a subscribed one can send nothing else), opened by the composition root, which closes it.
   */
  subscriber?: Redis;
  /**
   * While the police data has not been loaded yet, the first wait before asking again; it doubles
   * with each answer still without it, up to `refreshMs` (the product's back-off, `backOffDelay`).
   */
  retryMs?: number;
  /** Jitter of that back-off (tests fix it). */
  random?: () => number;
}

/**
 * The clocks' inputs, from the API: read again as soon as the API's data version changes (published
 * on Redis, or without it checked every second), and in full every refresh interval as a backstop
 * (which also covers a message lost while Redis was away). Until the API
 * answers, the survey clock runs on the figures shipped with the product; when the API cannot be
 * reached the last definition stays in use: the clock keeps counting.
 */
export function createDefinitionSource(options: DefinitionSourceOptions): DefinitionSource {
  const { logger } = options;
  const { readApi } = options;
  const definitions = new Map<ClockKind, ClockDefinition>([['csew', CSEW_CLOCK_DEFINITION]]);
  const listeners: DefinitionListener[] = [];
  const empty = new Set<ClockKind>();
  let timer: NodeJS.Timeout | undefined;
  let versionTimer: NodeJS.Timeout | undefined;
  let seenVersion: string | undefined;
  let running = false;
  let inFlight: Promise<void> | undefined;
  let lastProblem = '';

  const ENDPOINTS = { csew: GetCsewClock, police: GetPoliceClock } as const;

  async function fetchClock(clock: ClockKind): Promise<void> {
    try {
      const answer = await readApi(ENDPOINTS[clock], undefined, 10_000);
      if (!answer.ok) {
        if (answer.status === 503 && answer.error?.code === 'NO_POLICE_DATA') {
          empty.add(clock);
          reportOnce('no police data imported yet');
          return;
        }
        throw new Error(`HTTP ${answer.status}`);
      }
      const { definition } = answer.body;
      if (definition.clock !== clock) throw new Error(`response without a ${clock} definition`);
      lastProblem = '';
      empty.delete(clock);
      if (definitions.get(clock)?.version === definition.version) return;
      definitions.set(clock, definition);
      logger.info({ clock, version: definition.version }, 'clock definition loaded');
      for (const listener of listeners) listener(definition);
    } catch (error) {
      reportOnce(
        `cannot load the ${clock} clock from the API: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }

  const fetchAll = async () => {
    await Promise.all([fetchClock('csew'), fetchClock('police')]);
  };

  function reportOnce(problem: string) {
    if (problem !== lastProblem) logger.warn(problem);
    lastProblem = problem;
  }

  const refresh = () => (inFlight ??= fetchAll().finally(() => (inFlight = undefined)));

  /** On a new data version, fetches definitions that are at least that new. */
  async function onVersion(version: string): Promise<void> {
    if (version === seenVersion) return;
    // A fetch already under way may have read the data before the change: wait, then read again.
    if (inFlight) await inFlight;
    await refresh();
    seenVersion = version;
  }

  /** Reads the data version from the API (without Redis). */
  async function checkVersion(): Promise<void> {
    let version: string;
    try {
      const answer = await readApi(GetClockDataVersion, undefined, 5000);
      if (!answer.ok) return;
      version = answer.body.version;
    } catch {
      // The full refresh reports an unreachable API; this check stays quiet.
      return;
    }
    await onVersion(version);
  }

  /** Listens for the API's published versions; after each (re)connection, reads the version once. */
  function subscribe(sub: Redis): void {
    let down = false;
    sub.on('error', (error: Error) => {
      if (!down)
        logger.warn(
          { err: error.message },
          'redis unavailable; clock data changes wait for the full refresh',
        );
      down = true;
    });
    sub.on('ready', () => {
      if (down) logger.info('redis connection restored; clock data changes arrive again');
      down = false;
      // A change published while this node was not listening is caught up on here.
      void checkVersion();
    });
    sub.on('message', (channel: string, version: string) => {
      if (running && channel === CLOCK_DATA_VERSION_CHANNEL) void onVersion(version);
    });
    // ioredis subscribes again by itself after a reconnection.
    void sub.subscribe(CLOCK_DATA_VERSION_CHANNEL).catch(() => {});
  }

  return {
    current: (clock) => definitions.get(clock),
    answeredEmpty: (clock) => empty.has(clock),
    refresh,
    onChange: (listener) => void listeners.push(listener),
    start() {
      running = true;
      // Until the police data is first loaded (the API may still be starting, or the store be
      // empty) ask again soon, backing off so that nodes waiting for an API that is down do not
      // keep asking it; after that, at the normal refresh interval. A new import reaches a node
      // sooner anyway: its data version changes (published on Redis, or polled).
      const refreshMs = options.refreshMs ?? 30_000;
      const backOff = { baseMs: Math.min(options.retryMs ?? 3000, refreshMs), maxMs: refreshMs };
      let roundsWithoutPolice = 0;
      const loop = async () => {
        await refresh();
        if (!running) return;
        const wait = definitions.has('police')
          ? refreshMs
          : backOffDelay(++roundsWithoutPolice, backOff, options.random ?? Math.random);
        timer = setTimeout(() => void loop(), wait);
      };
      void loop();
      if (options.subscriber) {
        subscribe(options.subscriber);
        return;
      }
      const versionLoop = async () => {
        await checkVersion();
        if (running) versionTimer = setTimeout(() => void versionLoop(), options.versionPollMs ?? 1000);
      };
      versionTimer = setTimeout(() => void versionLoop(), options.versionPollMs ?? 1000);
    },
    stop() {
      running = false;
      clearTimeout(timer);
      clearTimeout(versionTimer);
    },
  };
}
