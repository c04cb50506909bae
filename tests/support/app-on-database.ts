import { afterAll, beforeAll } from 'vitest';
import { parseConfig } from '../../common/config/config.ts';
import { buildApp, type App, type AppOptions } from '../../api/src/app.ts';
import type { Dialect } from '../../api/src/db/connection.ts';
import { createTestDatabase, type TestDatabase } from './database.ts';

export interface AppOnDatabaseOptions {
  /** Environment beside DATABASE_URL, as parseConfig reads it. */
  env?: Record<string, string>;
  secretKey?: AppOptions['secretKey'];
  now?: AppOptions['now'];
  /** Fills the database before the app is built on it. */
  seed?: (db: TestDatabase) => Promise<void>;
}

export interface AppOnDatabase {
  readonly db: TestDatabase;
  readonly app: App;
}

/**
 * For the describe block it is called in: a fresh database of `dialect` and the API built on it,
 * made before the block's tests and closed and dropped after them. Read `db` and `app` inside
 * tests (they exist once the block's beforeAll has run).
 */
export function appOnTestDatabase(dialect: Dialect, options: AppOnDatabaseOptions = {}): AppOnDatabase {
  let db: TestDatabase | undefined;
  let app: App | undefined;
  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    await options.seed?.(db);
    app = await buildApp({
      config: parseConfig({ DATABASE_URL: db.url, ...options.env }),
      sequelize: db.sequelize,
      secretKey: options.secretKey,
      now: options.now,
    });
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });
  const made = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('appOnTestDatabase: read db and app inside a test');
    return value;
  };
  return {
    get db() {
      return made(db);
    },
    get app() {
      return made(app);
    },
  };
}
