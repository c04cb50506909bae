import {
  ConnectionAcquireTimeoutError,
  ConnectionRefusedError,
  DatabaseError,
  UniqueConstraintError,
} from 'sequelize';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './availability.ts';

/** A driver error as mysql2 reports it, wrapped the way Sequelize wraps a failed query. */
function failedQuery(driver: { message: string; code?: string; errno?: number; fatal?: boolean }) {
  const parent = Object.assign(new Error(driver.message), driver, { sql: 'SELECT 1' });
  return new DatabaseError(parent as ConstructorParameters<typeof DatabaseError>[0]);
}

describe('isDatabaseUnavailable', () => {
  it('recognises a connection that cannot be opened', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3306'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new ConnectionRefusedError(refused))).toBe(true);
    expect(isDatabaseUnavailable(new ConnectionAcquireTimeoutError(new Error('pool')))).toBe(true);
  });

  it('recognises a connection that died under a query', () => {
    const lost = [
      {
        message: 'Connection lost: The server closed the connection.',
        code: 'PROTOCOL_CONNECTION_LOST',
        fatal: true,
      },
      { message: 'This socket has been ended by the other party', code: 'EPIPE', fatal: true },
      { message: "Can't add new command when connection is in closed state", fatal: true },
      { message: 'read ECONNRESET', code: 'ECONNRESET' },
      { message: 'Server shutdown in progress', code: 'ER_SERVER_SHUTDOWN', errno: 1053 },
      { message: 'Too many connections', code: 'ER_CON_COUNT_ERROR', errno: 1040 },
    ];
    for (const driver of lost) expect(isDatabaseUnavailable(failedQuery(driver)), driver.message).toBe(true);
  });

  it('leaves mistakes in the statement or the data to be 500s and 4xxs', () => {
    const syntax = failedQuery({
      message: 'You have an error in your SQL syntax',
      code: 'ER_PARSE_ERROR',
      errno: 1064,
      fatal: false,
    });
    expect(isDatabaseUnavailable(syntax)).toBe(false);
    expect(isDatabaseUnavailable(new UniqueConstraintError({ message: 'duplicate' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('something else'))).toBe(false);
    expect(isDatabaseUnavailable('a string')).toBe(false);
  });
});
