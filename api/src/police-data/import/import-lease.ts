import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { QueryTypes, UniqueConstraintError, type Sequelize, type Transaction } from 'sequelize';

/**
 * A lease in the store (table `leases`, migration 2026-11-26-import-lease): at most one holder of
 * a name at a time, over every process and machine that shares the store. The holder renews it
 * by a heartbeat; a lease whose expiry has passed (its holder died or lost the store) may be taken
 * over by the next one to ask. Every write is a compare-and-set on the row as read, so of two
 * processes asking at once exactly one gets it. Expiries are compared against each asker's own
 * clock: machines sharing a store must keep their clocks in step (NTP), to well within the TTL.
 */
export interface LeaseHolder {
  /** Unique per acquisition: `host:pid:random`. */
  holder: string;
  host: string;
  pid: number;
  acquiredAt: Date;
  expiresAt: Date;
}

export interface HeldLease extends LeaseHolder {
  name: string;
}

export type AcquireResult =
  { acquired: true; lease: HeldLease; tookOverFrom?: LeaseHolder } | { acquired: false; holder: LeaseHolder };

export interface LeaseService {
  /** Takes the lease when it is free or expired; otherwise says who holds it. Never waits. */
  acquire(): Promise<AcquireResult>;
  /**
   * Pushes the expiry on; false when the lease is no longer this holder's (it expired and was
   * taken over). `transaction`: write through it (see `keepLeaseAlive`).
   */
  renew(lease: HeldLease, options?: { transaction?: Transaction }): Promise<boolean>;
  /** Gives the lease up, if it is still this holder's. */
  release(lease: HeldLease): Promise<void>;
  /** Who holds the lease now (live or expired), or undefined when nobody has it. */
  current(): Promise<(LeaseHolder & { live: boolean }) | undefined>;
}

export interface LeaseOptions {
  name: string;
  /** How long a lease lives without renewal. */
  ttlMs?: number;
  now?: () => number;
  host?: string;
  pid?: number;
  /**
   * Whether a holder whose lease has not expired is known to be gone. By default: it ran on this
   * host and its process no longer exists (kill -9, a crash), so the next run on the same machine
   * need not wait out the TTL. Holders on other hosts are trusted until their lease expires.
   */
  holderGone?: (holder: LeaseHolder) => boolean;
}

function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** The import's lease: one import into a store at a time (the CLI, the start-up sample, the API's updater). */
export const IMPORT_LEASE = 'import';

/** Long enough for a heartbeat to be missed twice by a loaded machine, short enough to recover soon. */
export const DEFAULT_LEASE_TTL_MS = 60_000;

interface LeaseRow {
  holder: string;
  host: string;
  pid: number | string;
  acquired_ms: number | string;
  expires_ms: number | string;
}

function holderOf(row: LeaseRow): LeaseHolder {
  return {
    holder: row.holder,
    host: row.host,
    pid: Number(row.pid),
    acquiredAt: new Date(Number(row.acquired_ms)),
    expiresAt: new Date(Number(row.expires_ms)),
  };
}

export function createLeaseService(sequelize: Sequelize, options: LeaseOptions): LeaseService {
  const { name } = options;
  const ttlMs = options.ttlMs ?? DEFAULT_LEASE_TTL_MS;
  const now = options.now ?? Date.now;
  const host = (options.host ?? hostname()).slice(0, 200);
  const pid = options.pid ?? process.pid;
  const holderGone =
    options.holderGone ?? ((h: LeaseHolder) => h.host === host && h.pid !== pid && processGone(h.pid));

  async function read(transaction?: Transaction): Promise<LeaseRow | undefined> {
    const [row] = await sequelize.query<LeaseRow>(
      'SELECT holder, host, pid, acquired_ms, expires_ms FROM leases WHERE name = ?',
      { replacements: [name], type: QueryTypes.SELECT, ...(transaction ? { transaction } : {}) },
    );
    return row;
  }

  async function update(sql: string, replacements: unknown[], transaction?: Transaction): Promise<number> {
    const changed = await sequelize.query(sql, {
      replacements,
      type: QueryTypes.BULKUPDATE,
      ...(transaction ? { transaction } : {}),
    });
    return Number(changed);
  }

  return {
    async acquire() {
      const holder = `${host}:${pid}:${randomBytes(6).toString('hex')}`;
      // Twice at most: a row that appears or changes between the read and the write is re-read.
      for (let attempt = 0; attempt < 2; attempt++) {
        const at = now();
        const lease: HeldLease = {
          name,
          holder,
          host,
          pid,
          acquiredAt: new Date(at),
          expiresAt: new Date(at + ttlMs),
        };
        const row = await read();
        if (row === undefined) {
          try {
            await sequelize.query(
              'INSERT INTO leases (name, holder, host, pid, acquired_ms, expires_ms) VALUES (?, ?, ?, ?, ?, ?)',
              { replacements: [name, holder, host, pid, at, at + ttlMs] },
            );
            return { acquired: true, lease };
          } catch (error) {
            if (error instanceof UniqueConstraintError) continue;
            throw error;
          }
        }
        if (Number(row.expires_ms) > at && !holderGone(holderOf(row))) {
          return { acquired: false, holder: holderOf(row) };
        }
        const taken = await update(
          `UPDATE leases SET holder = ?, host = ?, pid = ?, acquired_ms = ?, expires_ms = ?
           WHERE name = ? AND holder = ? AND expires_ms = ?`,
          [holder, host, pid, at, at + ttlMs, name, row.holder, row.expires_ms],
        );
        if (taken === 1) return { acquired: true, lease, tookOverFrom: holderOf(row) };
      }
      const row = await read();
      if (row) return { acquired: false, holder: holderOf(row) };
      throw new Error(`The lease "${name}" changed hands twice while it was being taken; try again.`);
    },

    async renew(lease, renewOptions = {}) {
      const expires = now() + ttlMs;
      const changed = await update(
        'UPDATE leases SET expires_ms = ? WHERE name = ? AND holder = ?',
        [expires, name, lease.holder],
        renewOptions.transaction,
      );
      // MySQL counts only rows whose values changed: a renewal within the same millisecond is 0.
      if (changed === 0 && (await read(renewOptions.transaction))?.holder !== lease.holder) return false;
      lease.expiresAt = new Date(expires);
      return true;
    },

    async release(lease) {
      await sequelize.query('DELETE FROM leases WHERE name = ? AND holder = ?', {
        replacements: [name, lease.holder],
      });
    },

    async current() {
      const row = await read();
      return row && { ...holderOf(row), live: Number(row.expires_ms) > now() };
    },
  };
}

/** Raised when the lease is held by someone else; the message names them. */
export class LeaseHeldError extends Error {
  constructor(
    readonly holder: LeaseHolder,
    what: string,
  ) {
    super(
      `Another ${what} is running: process ${holder.pid} on host ${holder.host}, since ` +
        `${holder.acquiredAt.toISOString()} (alive: its lease runs to ${holder.expiresAt.toISOString()}). ` +
        `It was left untouched. Run this command again once it has finished; if that process is ` +
        `gone, its lease expires by itself and the next run takes over.`,
    );
    this.name = 'LeaseHeldError';
  }
}

export interface LeaseKeeper {
  /** Renews at once (e.g. right after a long transaction ends). */
  renewNow(): Promise<void>;
  /** Stops the heartbeat; resolves once a renewal under way has ended. */
  stop(): Promise<void>;
}

/**
 * Renews a held lease every `intervalMs` until stopped. `transaction()` names a write transaction
 * the renewal must go through, if any: on SQLite an open write transaction excludes every other
 * writer, so the renewal is written inside it (and becomes visible with its commit); elsewhere it
 * returns undefined and the renewal commits on its own. A renewal that finds the lease taken over
 * calls `onLost` once; a renewal that fails (store briefly unreachable) is retried at the next beat.
 */
export function keepLeaseAlive(
  service: LeaseService,
  lease: HeldLease,
  options: {
    intervalMs: number;
    transaction?: () => Transaction | undefined;
    onLost(): void;
  },
): LeaseKeeper {
  let lost = false;
  let running: Promise<void> = Promise.resolve();
  const beat = () => {
    running = running.then(async () => {
      if (lost) return;
      const transaction = options.transaction?.();
      const held = await service.renew(lease, transaction ? { transaction } : {}).catch(() => true);
      if (!held) {
        lost = true;
        options.onLost();
      }
    });
    return running;
  };
  const timer = setInterval(() => void beat(), options.intervalMs);
  timer.unref();
  return {
    renewNow: beat,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
