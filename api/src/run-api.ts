import { existsSync } from 'node:fs';
import { BETTER_SQLITE3 } from '../../server-common/runtime/native-modules.ts';
import { TESTED_NODE_MAJOR, type RuntimeReport } from '../../server-common/runtime/preflight.ts';
import { disableFastSqliteReads } from './db/fast-sqlite.ts';
import { configOrFail, type AppConfig } from '../../common/config/config.ts';
import { buildApp } from './app.ts';
import { openDatabase } from './db/connection.ts';
import { migrateToLatest } from './db/migrate.ts';
import { checkDatabaseServer } from './db/server-check.ts';
import { builtUiDir } from './paths.ts';
import { ensurePrivateSqliteFile } from './security/private-files.ts';
import { loadSecretKey, previousSecretKeys } from '../../server-common/security/secret-box.ts';

function loadConfig(): AppConfig {
  if (existsSync('.env')) process.loadEnvFile('.env');
  return configOrFail(process.env, 'Crime Clock API', (message) => {
    console.error(message);
    process.exit(1);
  });
}

/**
 * Migrates, then opens the handle requests use. On MySQL that handle limits how long a statement
 * may take, so migrations, which may rightly take minutes on a large store, run on one of their
 * own. (SQLite needs no limit: its statements cannot hang on a frozen server.)
 */
async function openMigratedDatabase(config: AppConfig) {
  const queryTimeoutMs = config.databaseQueryTimeoutSeconds * 1000;
  if (!config.databaseUrl.startsWith('mysql://')) {
    const sequelize = openDatabase({ url: config.databaseUrl });
    return { sequelize, ran: await migrateToLatest(sequelize) };
  }
  const migrating = openDatabase({ url: config.databaseUrl });
  const ran = await checkDatabaseServer(migrating, 'api')
    .then(() => migrateToLatest(migrating))
    .finally(() => migrating.close());
  return { sequelize: openDatabase({ url: config.databaseUrl, queryTimeoutMs }), ran };
}

/**
 * Owns the process: config, database, migrations, listening and a clean exit on SIGTERM/SIGINT.
 * `runtime` is what server.ts found this Node can run.
 */
export async function runApi(runtime: RuntimeReport): Promise<void> {
  const config = loadConfig();
  const fastReads = runtime.unavailable.get(BETTER_SQLITE3.specifier);
  if (fastReads) disableFastSqliteReads(fastReads);
  const tightened = ensurePrivateSqliteFile(config.databaseUrl);
  const { sequelize, ran } = await openMigratedDatabase(config);
  // The composition root (services.ts) builds every service, mail and webhooks included, from
  // config and SECRET_KEY; this function only runs the process around them.
  const app = await buildApp({
    config,
    sequelize,
    secretKey: loadSecretKey(config),
    previousSecretKeys: previousSecretKeys(config.secretKeyPrevious),
    mail: {},
    webhooks: {},
    uiDir: builtUiDir,
    logger: { level: config.logLevel },
  });
  const mail = app.mail!;
  const webhooks = app.webhooks!;
  const firstAdmin = await app.adminAuth.users.ensureFirstAdmin();
  if (firstAdmin) {
    console.log(
      `\nFirst admin created. Username: ${firstAdmin.username}  Password: ${firstAdmin.password}\n` +
        'This password is shown once; change it with: npm run admin -- set-password admin\n',
    );
  }
  if (await mail.smtpSettings.reencryptWithCurrentKey()) {
    app.log.info('SMTP password rewritten with the current SECRET_KEY');
  }
  const rewrittenSecrets = await webhooks.service.reencryptWithCurrentKey();
  if (rewrittenSecrets > 0)
    app.log.info({ webhooks: rewrittenSecrets }, 'webhook secrets rewritten with the current SECRET_KEY');
  const resealed = (await app.alerts?.reencryptWithCurrentKey()) ?? 0;
  if (resealed > 0)
    app.log.info({ subscriptions: resealed }, 'alert subscriptions rewritten with the current SECRET_KEY');
  const keyProblem = await mail.smtpSettings.keyProblem();
  if (keyProblem) app.log.warn(keyProblem);
  if (ran.length > 0) app.log.info({ migrations: ran }, 'database migrated');
  if (tightened.length > 0)
    app.log.warn({ files: tightened }, 'database files were readable by others; now 0600');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000).unref();
    try {
      await mail.worker.stop();
      await webhooks.worker.stop();
      await app.close();
      await sequelize.close();
      clearTimeout(force);
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // A keep-alive connection whose request was in flight at the signal stays open after the answer
  // (HTTP_KEEP_ALIVE_TIMEOUT_SECONDS, 5 s by default), holding the close up until then:
  // once closing, such a connection is closed as soon as its answer is sent.
  app.server.on('request', (_request, response) => {
    response.on('finish', () => {
      if (closing) setImmediate(() => app.server.closeIdleConnections());
    });
  });

  if (fastReads)
    app.log.warn(
      `SQLite searches read through Sequelize (slower): better-sqlite3 ${fastReads}. Node ${TESTED_NODE_MAJOR} has the fast path.`,
    );
  await app.listen({ port: config.apiPort, host: config.host });
  mail.worker.start({ log: app.log });
  webhooks.worker.start({ log: app.log });
  app.dataUpdater.start();
}
