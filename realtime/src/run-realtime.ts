import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import { realtimeReadToken } from '../../server-common/security/realtime-reads.ts';
import { loadSecretKey } from '../../server-common/security/secret-box.ts';
import { configOrFail, type AppConfig } from '../../common/config/config.ts';
import { UWEBSOCKETS } from '../../server-common/runtime/native-modules.ts';
import type { RuntimeReport } from '../../server-common/runtime/preflight.ts';
import { composeRealtime, nodeApiReader } from './compose.ts';
import { checkApi, checkRedis } from './startup-check.ts';

function loadConfig(): AppConfig {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return configOrFail(process.env, 'Crime Clock realtime server', (message) => {
    console.error(message);
    process.exit(1);
  });
}

/**
 * The API's key (SECRET_KEY, or the key file it created), so the address hashes this server logs
 * equal those of the security log; none yet (the API has not started): a key of this process.
 */
function addressKeyOf(config: AppConfig): Buffer | undefined {
  if (config.secretKey === undefined && !existsSync(join(config.dataDir, 'secret.key'))) return undefined;
  return loadSecretKey(config).key;
}

/**
 * The token that tells the API this node's reads from a visitor's (server-common/security/
 * realtime-reads.ts), from the same key; asked for at each read until there is one, as the API
 * may create its key file after this node started. Without it the API counts the reads as any
 * address's.
 */
function readTokenOf(config: AppConfig): () => string | undefined {
  let token: string | undefined;
  return () => {
    if (token !== undefined) return token;
    try {
      const key = addressKeyOf(config);
      if (key) token = realtimeReadToken(key);
    } catch {
      // The API is writing its key file this very moment: the next read takes it.
    }
    return token;
  };
}

/** Owns the process; `runtime` is what server.ts found this Node can run. */
export async function runRealtime(runtime: RuntimeReport): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel, base: { service: 'realtime', pid: process.pid } });
  if (config.redisUrl) await checkRedis(config.redisUrl);
  const readApi = nodeApiReader(config, readTokenOf(config));
  const apiNote = await checkApi(readApi, config.apiInternalUrl);
  if (apiNote) logger.warn(apiNote);
  const node = await composeRealtime(config, {
    logger,
    addressKey: addressKeyOf(config),
    readApi,
    uwsUnavailable: runtime.unavailable.get(UWEBSOCKETS.specifier),
  });
  const { server } = node;
  const port = await server.listen(config.realtimePort, config.host);
  logger.info({ port, redis: node.clustered, engine: server.engine }, 'realtime server listening');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => process.exit(1), 10_000).unref();
    await node.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
