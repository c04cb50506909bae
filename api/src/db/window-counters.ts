import { QueryTypes, type Sequelize } from 'sequelize';
import { dialectOf } from './connection.ts';

/**
 * Fixed-window counters in the `rate_limits` table (migration 0009), shared by every API node on
 * the database. `hit` is ONE statement that creates the bucket's row, adds one to it, or starts it
 * again at 1 when the stored window is older, and hands back the new count:
 *
 *   SQLite:  INSERT … ON CONFLICT(bucket) DO UPDATE SET count = CASE … END … RETURNING count
 *   MySQL:   INSERT … ON DUPLICATE KEY UPDATE count = LAST_INSERT_ID(IF(…)), …
 *
 * SQLite runs one writer at a time and MySQL/MariaDB lock the row for the statement, so parallel
 * requests each get a distinct count: the limit holds however many arrive at once.
 */
export interface WindowCounters {
  /** Counts one more for `bucket` in the window that began at `windowStart`; returns the new count. */
  hit(bucket: string, windowStart: number): Promise<number>;
  /** Forgets a bucket (e.g. after a successful sign-in). */
  reset(bucket: string): Promise<void>;
  /** Takes back one count of the window that began at `windowStart`, if that window is still stored. */
  refund(bucket: string, windowStart: number): Promise<void>;
  /** Deletes buckets whose window began before `before`. */
  prune(before: number): Promise<void>;
}

// Sequelize treats SQL that starts with "INSERT INTO" as a plain insert: on SQLite it would run it
// without reading the RETURNING row, on MySQL it would hand back the insert id, not the OK packet.
const NOT_AN_INSERT_FOR_SEQUELIZE = '/* rate limit upsert */';

export function windowCounters(sequelize: Sequelize): WindowCounters {
  const hit =
    dialectOf(sequelize) === 'mysql'
      ? async (bucket: string, windowStart: number) => {
          // Assignments run left to right: count is decided against the stored window_start first.
          // LAST_INSERT_ID(expr) hands the new count back in the OK packet (insertId).
          const [header] = (await sequelize.query(
            `${NOT_AN_INSERT_FOR_SEQUELIZE}
             INSERT INTO rate_limits (bucket, window_start, count) VALUES (:bucket, :windowStart, 1)
             ON DUPLICATE KEY UPDATE
               count = LAST_INSERT_ID(IF(window_start = :windowStart, count + 1, 1)),
               window_start = :windowStart`,
            { replacements: { bucket, windowStart }, type: QueryTypes.RAW },
          )) as unknown as [{ affectedRows: number; insertId: number }];
          // 1: a new row (count 1); 2: an existing row changed (its new count is insertId).
          return header.affectedRows === 1 ? 1 : Number(header.insertId);
        }
      : async (bucket: string, windowStart: number) => {
          const rows = await sequelize.query<{ count: unknown }>(
            `${NOT_AN_INSERT_FOR_SEQUELIZE}
             INSERT INTO rate_limits (bucket, window_start, count) VALUES (:bucket, :windowStart, 1)
             ON CONFLICT (bucket) DO UPDATE SET
               count = CASE WHEN window_start = excluded.window_start THEN count + 1 ELSE 1 END,
               window_start = excluded.window_start
             RETURNING count`,
            { replacements: { bucket, windowStart }, type: QueryTypes.SELECT },
          );
          return Number(rows[0]!.count);
        };

  return {
    hit,
    async reset(bucket) {
      await sequelize.query('DELETE FROM rate_limits WHERE bucket = ?', {
        replacements: [bucket],
        type: QueryTypes.DELETE,
      });
    },
    async refund(bucket, windowStart) {
      await sequelize.query(
        'UPDATE rate_limits SET count = count - 1 WHERE bucket = ? AND window_start = ? AND count > 0',
        { replacements: [bucket, windowStart], type: QueryTypes.UPDATE },
      );
    },
    async prune(before) {
      await sequelize.query('DELETE FROM rate_limits WHERE window_start < ?', {
        replacements: [before],
        type: QueryTypes.DELETE,
      });
    },
  };
}

/**
 * Leases in the same `rate_limits` table, for what is held rather than counted in a window (a
 * request in flight): a row is one place, held while its count is 1 and its window_start, here
 * the moment the lease runs out, is still ahead. Its holder renews it while it holds it and frees
 * it when done; a holder that dies (an API node killed mid-request) stops renewing, and its place
 * is free again once the lease has run out, instead of being lost for good.
 *
 * The lease's end identifies its holder: a place taken again after it ran out always gets a later
 * end, so an old holder's renewal or release cannot touch the new holder's lease.
 */
export interface Leases {
  /** Takes the place `bucket` until `until` if it is free or its lease ended before `now`. */
  claim(bucket: string, now: number, until: number): Promise<boolean>;
  /** Moves the end of a lease still held (ending at `heldUntil`) to `until`; false if it was lost. */
  renew(bucket: string, heldUntil: number, until: number): Promise<boolean>;
  /** Gives the place back, unless the lease ending at `heldUntil` was already lost. */
  free(bucket: string, heldUntil: number): Promise<void>;
}

export function leases(sequelize: Sequelize): Leases {
  // Both statements are atomic on the row: of parallel claims of one place, exactly one changes
  // or creates the row, whichever the node.
  const insertIfAbsent =
    dialectOf(sequelize) === 'mysql'
      ? async (bucket: string, until: number) => {
          const [header] = (await sequelize.query(
            `${NOT_AN_INSERT_FOR_SEQUELIZE}
             INSERT INTO rate_limits (bucket, window_start, count) VALUES (?, ?, 1)
             ON DUPLICATE KEY UPDATE bucket = bucket`,
            { replacements: [bucket, until], type: QueryTypes.RAW },
          )) as unknown as [{ affectedRows: number }];
          return header.affectedRows === 1;
        }
      : async (bucket: string, until: number) => {
          const rows = await sequelize.query(
            `${NOT_AN_INSERT_FOR_SEQUELIZE}
             INSERT INTO rate_limits (bucket, window_start, count) VALUES (?, ?, 1)
             ON CONFLICT (bucket) DO NOTHING
             RETURNING count`,
            { replacements: [bucket, until], type: QueryTypes.SELECT },
          );
          return rows.length === 1;
        };

  async function changed(sql: string, replacements: unknown[]): Promise<boolean> {
    const [, affected] = (await sequelize.query(sql, {
      replacements,
      type: QueryTypes.UPDATE,
    })) as unknown as [unknown, number];
    return affected === 1;
  }

  return {
    async claim(bucket, now, until) {
      const taken = await changed(
        'UPDATE rate_limits SET window_start = ?, count = 1 WHERE bucket = ? AND (count = 0 OR window_start < ?)',
        [until, bucket, now],
      );
      return taken || insertIfAbsent(bucket, until);
    },
    renew: (bucket, heldUntil, until) =>
      changed('UPDATE rate_limits SET window_start = ? WHERE bucket = ? AND window_start = ? AND count = 1', [
        until,
        bucket,
        heldUntil,
      ]),
    async free(bucket, heldUntil) {
      await changed('UPDATE rate_limits SET count = 0 WHERE bucket = ? AND window_start = ? AND count = 1', [
        bucket,
        heldUntil,
      ]);
    },
  };
}
