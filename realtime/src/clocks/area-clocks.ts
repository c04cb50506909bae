import type { Logger } from 'pino';
import type { ClockDefinition } from '../../../common/clock/types.ts';

export type AreaLoad = { ok: true; definition: ClockDefinition } | { ok: false; error: string };

export interface AreaClocks {
  /** The definition of a watched area, read from the API on the first ask (one read at a time). */
  load(areaId: string): Promise<AreaLoad>;
  /** Keeps a loaded definition while its room exists (a leave may have dropped it meanwhile). */
  hold(areaId: string, definition: ClockDefinition): void;
  current(areaId: string): ClockDefinition | undefined;
  /** Areas held now, with their definitions. */
  entries(): IterableIterator<[string, ClockDefinition]>;
  /** Areas held or being loaded: what counts against the node's limit. */
  size(): number;
  /** Forgets an area nobody watches any more. */
  drop(areaId: string): void;
  /** Reads every held area again; tells `onChange` of those whose definition changed. */
  refreshAll(): Promise<void>;
  onChange(listener: (areaId: string, definition: ClockDefinition) => void): void;
}

export interface AreaClocksOptions {
  apiUrl: string;
  logger: Logger;
  fetch?: typeof fetch;
}

/**
 * Area clocks exist only while someone watches them: the realtime server loads an area's
 * definition from the API (GET /api/area-clock, the crime search's own clock) when its room is
 * created and forgets it when the room empties; a new import re-reads the held ones.
 */
export function createAreaClocks(options: AreaClocksOptions): AreaClocks {
  const doFetch = options.fetch ?? fetch;
  const held = new Map<string, ClockDefinition>();
  const loading = new Map<string, Promise<AreaLoad>>();
  const listeners: ((areaId: string, definition: ClockDefinition) => void)[] = [];

  async function read(areaId: string): Promise<AreaLoad> {
    try {
      const res = await doFetch(`${options.apiUrl}/api/area-clock?area=${encodeURIComponent(areaId)}`, {
        signal: AbortSignal.timeout(10_000),
      });
      const body = (await res.json().catch(() => ({}))) as { definition?: ClockDefinition; error?: string };
      // The API's own words for a 4xx (unknown neighbourhood, no data for the area) reach the viewer.
      if (res.status >= 400 && res.status < 500) return { ok: false, error: body.error ?? 'Unknown area.' };
      if (!res.ok || body.definition?.clock !== 'police') throw new Error(`HTTP ${res.status}`);
      return { ok: true, definition: body.definition };
    } catch (error) {
      options.logger.warn({ err: error, areaId }, 'cannot load an area clock from the API');
      return { ok: false, error: 'This area clock cannot be loaded now; try again shortly.' };
    }
  }

  return {
    load(areaId) {
      const known = held.get(areaId);
      if (known) return Promise.resolve({ ok: true, definition: known });
      let pending = loading.get(areaId);
      if (!pending) {
        pending = read(areaId).finally(() => loading.delete(areaId));
        loading.set(areaId, pending);
      }
      return pending;
    },
    hold(areaId, definition) {
      if (!held.has(areaId)) held.set(areaId, definition);
    },
    current: (areaId) => held.get(areaId),
    entries: () => held.entries(),
    size: () => held.size + loading.size,
    drop: (areaId) => void held.delete(areaId),
    async refreshAll() {
      await Promise.all(
        [...held.keys()].map(async (areaId) => {
          const result = await read(areaId);
          // A dropped area stays dropped; a failed read keeps the last definition counting.
          if (!result.ok || !held.has(areaId)) return;
          if (held.get(areaId)!.version === result.definition.version) return;
          held.set(areaId, result.definition);
          for (const listener of listeners) listener(areaId, result.definition);
        }),
      );
    },
    onChange: (listener) => void listeners.push(listener),
  };
}
