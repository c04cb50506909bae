import { readFileSync } from 'node:fs';

/** Descriptors kept back from connections: the node's own API reads, Redis, logs, health checks. */
export const RESERVED_FILES = 2000;
const FALLBACK_MAX_CONNECTIONS = 16_000;

/** The soft limit on open files of this process (Linux), or undefined when unknown or unlimited. */
export function openFilesLimit(limits = () => readFileSync('/proc/self/limits', 'utf8')): number | undefined {
  try {
    const line = limits()
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = Number(line?.split(/\s{2,}/)[1]);
    return Number.isInteger(soft) && soft > 0 ? soft : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Connections one realtime node holds at most when REALTIME_MAX_CONNECTIONS is not set: what the
 * process may open, less a reserve, so that at the limit the node refuses new visitors instead of
 * failing to accept, to reach the API and to answer its health check (seen at 20,000 open files).
 */
export function defaultMaxConnections(readLimit: () => number | undefined = openFilesLimit): number {
  const limit = readLimit();
  if (limit === undefined) return FALLBACK_MAX_CONNECTIONS;
  return Math.max(100, limit - RESERVED_FILES);
}
