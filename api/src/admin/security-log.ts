import { QueryTypes, type Sequelize } from 'sequelize';
import type { SecurityEventKind } from '../../../common/contracts/admin.ts';

/**
 * What admins can read about attacks and changes: sign-ins and failures, throttling, second-factor
 * changes, partner keys created or revoked, settings saved, accounts created and passwords set
 * (from the shell: `npm run admin`). Addresses are kept only as
 * keyed hashes (`app.addressHash`: the same address shows the same hash) ; entries older than 90 days are
 * deleted. A flood writes at most one "throttled" line per address and window (see login-throttle).
 */

export type { SecurityEventKind };

export interface SecurityEventInput {
  kind: SecurityEventKind;
  username?: string | null;
  /**
   * The visitor's address group (api/src/http/visitor-address.ts), the unit the limits count too,
   * so a line's hash is that of the visitor's limits; only the keyed hash is stored.
   */
  ip?: string | null;
  detail?: string | null;
}

export interface SecurityEvent {
  id: number;
  at: number;
  kind: SecurityEventKind;
  username: string | null;
  addressHash: string | null;
  detail: string | null;
}

export const SECURITY_LOG_RETENTION_MS = 90 * 24 * 60 * 60_000;
const PRUNE_EVERY_MS = 60 * 60_000;

interface EventRow {
  id: number;
  at: number;
  kind: string;
  username: string | null;
  address_hash: string | null;
  detail: string | null;
}

export function createSecurityLog({
  sequelize,
  addressHash,
  now = Date.now,
  retentionMs = SECURITY_LOG_RETENTION_MS,
}: {
  sequelize: Sequelize;
  addressHash: (address: string) => string;
  now?: () => number;
  retentionMs?: number;
}) {
  let lastPrune = 0;

  async function prune(): Promise<void> {
    lastPrune = now();
    await sequelize.query('DELETE FROM security_events WHERE at < ?', {
      replacements: [now() - retentionMs],
      type: QueryTypes.DELETE,
    });
  }

  async function record(event: SecurityEventInput): Promise<void> {
    await sequelize.query(
      'INSERT INTO security_events (at, kind, username, address_hash, detail) VALUES (?, ?, ?, ?, ?)',
      {
        replacements: [
          now(),
          event.kind,
          event.username?.slice(0, 128) ?? null,
          event.ip ? addressHash(event.ip) : null,
          event.detail?.slice(0, 255) ?? null,
        ],
        type: QueryTypes.INSERT,
      },
    );
    if (now() - lastPrune >= PRUNE_EVERY_MS) await prune();
  }

  async function list(query: { limit: number; offset: number; kind?: SecurityEventKind }) {
    const where = query.kind ? 'WHERE kind = ?' : '';
    const filter = query.kind ? [query.kind] : [];
    const rows = await sequelize.query<EventRow>(
      `SELECT id, at, kind, username, address_hash, detail FROM security_events ${where}
       ORDER BY at DESC, id DESC LIMIT ? OFFSET ?`,
      { replacements: [...filter, query.limit, query.offset], type: QueryTypes.SELECT },
    );
    const [total] = await sequelize.query<{ n: number }>(
      `SELECT COUNT(*) AS n FROM security_events ${where}`,
      { replacements: filter, type: QueryTypes.SELECT },
    );
    return {
      events: rows.map((row): SecurityEvent => ({
        id: Number(row.id),
        at: Number(row.at),
        kind: row.kind as SecurityEventKind,
        username: row.username,
        addressHash: row.address_hash,
        detail: row.detail,
      })),
      total: Number(total?.n ?? 0),
    };
  }

  return { record, list, prune };
}

export type SecurityLog = ReturnType<typeof createSecurityLog>;
