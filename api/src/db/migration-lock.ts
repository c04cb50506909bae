import { openSync, closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Sequelize } from 'sequelize';
import { dialectOf } from './connection.ts';

const LOCK_NAME = 'crime_clock_migrations';
const WAIT_MS = 10 * 60_000;

/**
 * Runs `work` while no other process migrates the same database, so several API nodes (and an
 * import started at the same moment) can all migrate at start: the first does the work, the
 * others wait and then find nothing to do. MySQL: a named lock, which the server releases if its
 * holder dies. SQLite: a lock file beside the database holding the owner's pid, taken over when
 * that process no longer exists.
 */
export async function withMigrationLock<T>(sequelize: Sequelize, work: () => Promise<T>): Promise<T> {
  if (dialectOf(sequelize) === 'mysql') return withMysqlLock(sequelize, work);
  const storage = (sequelize as unknown as { options: { storage?: string } }).options.storage;
  if (!storage || storage === ':memory:') return work();
  return withLockFile(`${storage}.migrate-lock`, work);
}

async function withMysqlLock<T>(sequelize: Sequelize, work: () => Promise<T>): Promise<T> {
  // A named lock belongs to one connection: the transaction keeps one connection for the lock
  // while the migrations run on others. It holds no row locks.
  return sequelize.transaction(async (transaction) => {
    const [rows] = (await sequelize.query('SELECT GET_LOCK(?, ?) AS got', {
      replacements: [LOCK_NAME, WAIT_MS / 1000],
      transaction,
    })) as [{ got: number | null }[], unknown];
    if (Number(rows[0]?.got) !== 1)
      throw new Error('Timed out waiting for another process to finish migrating.');
    try {
      return await work();
    } finally {
      await sequelize.query('SELECT RELEASE_LOCK(?)', { replacements: [LOCK_NAME], transaction });
    }
  });
}

async function withLockFile<T>(path: string, work: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    try {
      closeSync(openSync(path, 'wx'));
      writeFileSync(path, String(process.pid));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (!holderAlive(path)) {
        rmSync(path, { force: true });
        continue;
      }
      if (Date.now() > deadline)
        throw new Error(`Timed out waiting for the migration lock ${path}.`, { cause: error });
      await sleep(100);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(path, { force: true });
  }
}

function holderAlive(path: string): boolean {
  let pid: number;
  try {
    pid = Number(readFileSync(path, 'utf8'));
  } catch {
    return true; // just created by another process, pid not written yet
  }
  if (!Number.isInteger(pid) || pid <= 0) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
