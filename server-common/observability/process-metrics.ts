import { collectDefaultMetrics, Registry } from 'prom-client';

let processRegistry: Registry | undefined;

/**
 * The API and the realtime server both serve these, so they come from this one module.
 *
 * prom-client's default metrics (CPU, memory, heap, event loop lag, GC, handles), once per
 * process: they describe the process, and each collection starts observers that are never
 * stopped, so every app built in the process (tests build many) shares the one set.
 */
export function processMetricsRegistry(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
