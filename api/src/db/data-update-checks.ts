import { QueryTypes, type Sequelize } from 'sequelize';

/** The scheduled update's state as the store keeps it (table data_update_checks, one row). */
export interface DataUpdateState {
  /** When the last check ended (ms); null when none has run. */
  checkedAt: number | null;
  result: string | null;
  message: string | null;
  /** Failed checks since the last one that did not fail. */
  failuresInRow: number;
  lastSuccessAt: number | null;
  /** When the next scheduled check is due (ms). */
  nextAt: number | null;
}

interface StateRow {
  checked_ms: unknown;
  result: string | null;
  message: string | null;
  failures_in_row: unknown;
  last_success_ms: unknown;
  next_ms: unknown;
}

const ROW_ID = 1;
const msOf = (value: unknown) => (value === null || value === undefined ? null : Number(value));

export const NO_CHECK: DataUpdateState = {
  checkedAt: null,
  result: null,
  message: null,
  failuresInRow: 0,
  lastSuccessAt: null,
  nextAt: null,
};

export async function readDataUpdateState(sequelize: Sequelize): Promise<DataUpdateState> {
  const [row] = await sequelize.query<StateRow>(
    'SELECT checked_ms, result, message, failures_in_row, last_success_ms, next_ms FROM data_update_checks WHERE id = ?',
    { replacements: [ROW_ID], type: QueryTypes.SELECT },
  );
  if (!row) return NO_CHECK;
  return {
    checkedAt: msOf(row.checked_ms),
    result: row.result,
    message: row.message,
    failuresInRow: Number(row.failures_in_row ?? 0),
    lastSuccessAt: msOf(row.last_success_ms),
    nextAt: msOf(row.next_ms),
  };
}

/** Replaces the state (the writer holds the check lease, so no other node writes meanwhile). */
export async function writeDataUpdateState(sequelize: Sequelize, state: DataUpdateState): Promise<void> {
  const values = [
    state.checkedAt,
    state.result,
    state.message?.slice(0, 1000) ?? null,
    state.failuresInRow,
    state.lastSuccessAt,
    state.nextAt,
  ];
  const changed = await sequelize.query(
    `UPDATE data_update_checks SET checked_ms = ?, result = ?, message = ?, failures_in_row = ?,
       last_success_ms = ?, next_ms = ? WHERE id = ?`,
    { replacements: [...values, ROW_ID], type: QueryTypes.BULKUPDATE },
  );
  // MySQL counts changed rows only: an identical write is 0 too, so look before inserting.
  if (Number(changed) > 0 || (await rowExists(sequelize))) return;
  await sequelize.query(
    `INSERT INTO data_update_checks (id, checked_ms, result, message, failures_in_row, last_success_ms, next_ms)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    { replacements: [ROW_ID, ...values] },
  );
}

async function rowExists(sequelize: Sequelize): Promise<boolean> {
  const rows = await sequelize.query('SELECT id FROM data_update_checks WHERE id = ?', {
    replacements: [ROW_ID],
    type: QueryTypes.SELECT,
  });
  return rows.length > 0;
}

/** The months (yyyymm) the store holds `dataset` for, any force. */
export async function readHeldMonths(sequelize: Sequelize, dataset: string): Promise<Set<number>> {
  const rows = await sequelize.query<{ month: unknown }>(
    'SELECT DISTINCT month FROM dataset_months WHERE dataset = ?',
    { replacements: [dataset], type: QueryTypes.SELECT },
  );
  return new Set(rows.map((row) => Number(row.month)));
}

/** Whether any police data in the store came from a real archive (not the synthetic start sample). */
export async function holdsRealData(sequelize: Sequelize): Promise<boolean> {
  const rows = await sequelize.query('SELECT 1 AS one FROM dataset_months WHERE synthetic = ? LIMIT 1', {
    replacements: [false],
    type: QueryTypes.SELECT,
  });
  return rows.length > 0;
}
