import type { Logger } from 'pino';
import type { ClockDefinition } from '../../../common/clock/types.ts';
import { GetAreaClock } from '../../../common/contracts/clocks.ts';
import type { ApiReader } from '../api-client/api-reader.ts';
import type { LoadQueue } from './load-queue.ts';
import type { NewLoadWindow } from './new-load-window.ts';

export type AreaLoad = { ok: true; definition: ClockDefinition } | { ok: false; error: string };

export interface AreaClocks {
  /**
   * The definition of a watched area: held, kept from a recent viewer, or read from the API (one
   * read per area at a time). A read of the API is a new load: it spends one of `address`'s new
   * loads and waits for one of the node's few places; either spent refuses it.
   */
  load(areaId: string, address?: string): Promise<AreaLoad>;
  /** Keeps a loaded definition while its room exists (a leave may have dropped it meanwhile). */
  hold(areaId: string, definition: ClockDefinition): void;
  current(areaId: string): ClockDefinition | undefined;
  /** Areas held now, with their definitions. */
  entries(): IterableIterator<[string, ClockDefinition]>;
  /** Areas held or being loaded: what counts against the node's limit. */
  size(): number;
  /** An area nobody watches any more: no longer held, kept for the grace period then forgotten. */
  drop(areaId: string): void;
  /** Reads every held area again; tells `onChange` of those whose definition changed. */
  refreshAll(): Promise<void>;
  onChange(listener: (areaId: string, definition: ClockDefinition) => void): void;
  /** API reads running and waiting, and loads refused since the start. */
  stats(): { inFlight: number; queued: number; refusedLoads: number; failedLoads: number };
}

export interface AreaClocksOptions {
  /** Reads the API (built by the composition root). */
  readApi: ApiReader;
  logger: Logger;
  /** The node's places for API reads, joins before refreshes (built by the composition root). */
  queue: LoadQueue;
  /** Each address's budget of new loads (built by the composition root). */
  newLoads: NewLoadWindow;
  now?: () => number;
  /** How long an area whose room emptied keeps its definition; 60 s when not given. */
  graceMs?: number;
  /** Emptied areas kept at most (the oldest is forgotten first); 1000 when not given. */
  maxGraceAreas?: number;
}

export const TOO_MANY_NEW_AREAS = 'Too many new areas from this address; try again in a minute.';
export const TOO_MANY_LOADING = 'Too many area clocks are being loaded on this server; try again shortly.';

/**
 * Area clocks exist only while someone watches them: the realtime server loads an area's
 * definition from the API (GET /api/area-clock, the crime search's own clock) when its room is
 * created and forgets it a grace period after the room empties (so a viewer switching among a few
 * areas does not make the API compute them again); a new import re-reads the held ones.
 *
 * Every read costs the API a computation, so they are bounded: a few at once per node, a bounded
 * queue behind them (a join beyond it is refused), and a budget of new loads per address
 * (checked and spent before the first await: JavaScript runs one join at a time, so parallel
 * joins cannot all pass it).
 */
export function createAreaClocks(options: AreaClocksOptions): AreaClocks {
  const { readApi, queue, newLoads } = options;
  const now = options.now ?? Date.now;
  const graceMs = options.graceMs ?? 60_000;
  const maxGraceAreas = options.maxGraceAreas ?? 1000;
  const { logger } = options;

  const held = new Map<string, ClockDefinition>();
  /** Areas whose room emptied, oldest first, with when they are forgotten. */
  // Own code, not lru-cache: tried (ttl + max), it keeps an entry at exactly its ttl where this
  // forgets it, and the area-clocks tests pin the grace period to the millisecond.
  const grace = new Map<string, { definition: ClockDefinition; until: number }>();
  const loading = new Map<string, Promise<AreaLoad>>();
  const listeners: ((areaId: string, definition: ClockDefinition) => void)[] = [];

  // --- Warnings at most once a minute, with counts: a flood must not become a log flood.
  let refusedLoads = 0;
  let failedLoads = 0;
  let failedSinceLine = 0;
  let lastFailureLineAt = -Infinity;
  let lastRefusalLineAt = -Infinity;
  const refuse = (error: string): AreaLoad => {
    refusedLoads++;
    if (now() - lastRefusalLineAt >= 60_000) {
      lastRefusalLineAt = now();
      logger.warn({ refusedLoads, reason: error }, 'area clock loads refused');
    }
    return { ok: false, error };
  };

  async function read(areaId: string): Promise<AreaLoad> {
    try {
      const answer = await readApi(GetAreaClock, { query: { area: areaId } }, 10_000);
      // The API's own words for a 4xx (unknown neighbourhood, no data for the area) reach the viewer.
      if (!answer.ok && answer.status >= 400 && answer.status < 500)
        return { ok: false, error: answer.error?.error ?? 'Unknown area.' };
      if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
      const { definition } = answer.body;
      if (definition.clock !== 'police') throw new Error('answer without a police definition');
      return { ok: true, definition };
    } catch (error) {
      failedLoads++;
      failedSinceLine++;
      if (now() - lastFailureLineAt >= 60_000) {
        lastFailureLineAt = now();
        logger.warn(
          {
            err: error instanceof Error ? error.message : String(error),
            areaId,
            failedLoads: failedSinceLine,
          },
          'cannot load an area clock from the API',
        );
        failedSinceLine = 0;
      }
      return { ok: false, error: 'This area clock cannot be loaded now; try again shortly.' };
    }
  }

  const expireGrace = () => {
    const at = now();
    for (const [areaId, kept] of grace) {
      if (kept.until > at) break;
      grace.delete(areaId);
    }
  };

  return {
    load(areaId, address) {
      const known = held.get(areaId);
      if (known) return Promise.resolve({ ok: true, definition: known });
      expireGrace();
      const kept = grace.get(areaId);
      if (kept) return Promise.resolve({ ok: true, definition: kept.definition });
      const pending = loading.get(areaId);
      if (pending) return pending;
      if (queue.joinsFull()) return Promise.resolve(refuse(TOO_MANY_LOADING));
      if (address !== undefined && !newLoads.spend(address))
        return Promise.resolve(refuse(TOO_MANY_NEW_AREAS));
      const started = queue.run('join', () => read(areaId)).finally(() => loading.delete(areaId));
      loading.set(areaId, started);
      return started;
    },
    hold(areaId, definition) {
      if (held.has(areaId)) return;
      grace.delete(areaId);
      held.set(areaId, definition);
    },
    current: (areaId) => held.get(areaId),
    entries: () => held.entries(),
    size: () => held.size + loading.size,
    drop(areaId) {
      const definition = held.get(areaId);
      if (!definition) return;
      held.delete(areaId);
      grace.delete(areaId);
      if (graceMs <= 0) return;
      grace.set(areaId, { definition, until: now() + graceMs });
      if (grace.size > maxGraceAreas) grace.delete(grace.keys().next().value!);
    },
    async refreshAll() {
      // Definitions kept from past viewers are of the old data: forgotten, read again if asked for.
      grace.clear();
      await Promise.all(
        [...held.keys()].map(async (areaId) => {
          const result = await queue.run('refresh', () => read(areaId));
          // A dropped area stays dropped; a failed read keeps the last definition counting.
          if (!result.ok || !held.has(areaId)) return;
          if (held.get(areaId)!.version === result.definition.version) return;
          held.set(areaId, result.definition);
          for (const listener of listeners) listener(areaId, result.definition);
        }),
      );
    },
    onChange: (listener) => void listeners.push(listener),
    stats: () => ({ ...queue.stats(), refusedLoads, failedLoads }),
  };
}
