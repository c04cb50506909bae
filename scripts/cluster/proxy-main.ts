// The reverse proxy as its own process (started by scripts/cluster/cluster.ts from the build):
//   PROXY_PORT, PROXY_HOST (127.0.0.1), PROXY_API_BACKENDS and PROXY_REALTIME_BACKENDS (comma-
//   separated base URLs), PROXY_GRACE_MS (10000), LOG_LEVEL.
// SIGTERM/SIGINT: stop accepting, let in-flight requests and websockets end, exit 0.
import { pino, type Level } from 'pino';
import { startProxy } from './proxy.ts';

const env = process.env;
const logger = pino({
  level: env.LOG_LEVEL?.trim() || 'info',
  base: { service: 'proxy', pid: process.pid },
});
const list = (name: string) =>
  (env[name] ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
const wholeNumber = (name: string, fallback: number) => {
  const value = env[name]?.trim();
  if (!value) return fallback;
  if (!/^\d+$/.test(value)) {
    console.error(`The proxy cannot start: ${name}="${value}" must be a whole number`);
    process.exit(1);
  }
  return Number(value);
};

const api = list('PROXY_API_BACKENDS');
const realtime = list('PROXY_REALTIME_BACKENDS');
if (api.length === 0 || realtime.length === 0) {
  console.error('The proxy cannot start: set PROXY_API_BACKENDS and PROXY_REALTIME_BACKENDS');
  process.exit(1);
}
const graceMs = wholeNumber('PROXY_GRACE_MS', 10_000);

try {
  const proxy = await startProxy({
    host: env.PROXY_HOST?.trim() || '127.0.0.1',
    port: wholeNumber('PROXY_PORT', 8080),
    api,
    realtime,
    graceMs,
    log: (level: Level & ('info' | 'warn'), message, fields) => logger[level](fields ?? {}, message),
  });
  logger.info({ url: proxy.url, api, realtime }, 'proxy listening');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, graceMs + 5000).unref();
    await proxy.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
} catch (error) {
  console.error('The proxy failed to start:', error instanceof Error ? error.message : error);
  process.exit(1);
}
