import type { Sequelize } from 'sequelize';
import { driverConnectionOf, type BulkDialect, type BulkValue, type BulkWriter } from './types.ts';
import { valuesList } from './values-sql.ts';

/** The parts of mysql2's callback connection this module uses. */
interface MysqlConnection {
  query(sql: string, callback: (err: Error | null) => void): unknown;
  escape(value: string): string;
}

const quote = (name: string) => `\`${name}\``;

class MysqlWriter implements BulkWriter {
  private readonly literal: (value: string) => string;

  constructor(private readonly connection: MysqlConnection) {
    this.literal = (value) => connection.escape(value);
  }

  insert(table: string, columns: readonly string[], values: readonly BulkValue[]): Promise<void> {
    if (values.length === 0) return Promise.resolve();
    const list = valuesList(columns.length, values, this.literal);
    return this.query(`INSERT INTO ${quote(table)} (${columns.map(quote).join(',')}) VALUES ${list}`);
  }

  upsert(table: string, columns: readonly string[], keys: readonly string[], values: readonly BulkValue[]) {
    if (values.length === 0) return Promise.resolve();
    const list = valuesList(columns.length, values, this.literal);
    const updates = columns.filter((c) => !keys.includes(c)).map((c) => `${quote(c)}=VALUES(${quote(c)})`);
    // With every column in the key there is nothing to update; a self-assignment keeps the row.
    const first = quote(keys[0] ?? columns[0] ?? '');
    const onDuplicate = updates.length ? updates.join(',') : `${first}=${first}`;
    return this.query(
      `INSERT INTO ${quote(table)} (${columns.map(quote).join(',')}) VALUES ${list} ON DUPLICATE KEY UPDATE ${onDuplicate}`,
    );
  }

  private query(sql: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.connection.query(sql, (err) => (err ? reject(err) : resolve()));
    });
  }
}

export const mysqlBulk: BulkDialect = {
  // ~10,000 values (about 1 MB of SQL) a statement measured fastest, far below max_allowed_packet.
  rowsPerStatement: (columns) => Math.max(1, Math.floor(10_000 / columns)),
  begin: (sequelize: Sequelize) => sequelize.transaction(),
  writer: (transaction) => new MysqlWriter(driverConnectionOf<MysqlConnection>(transaction)),
};
