/**
 * Whether an error means "the database cannot be reached right now" (the API answers 503 and the
 * caller may retry) rather than a fault in the request or the code (500).
 *
 * Sequelize names the failures of opening a connection (refused, timed out, no connection free in
 * the pool). A connection that dies under a query, because the server shut down or restarted or
 * the network dropped, reaches the caller as a plain DatabaseError with the driver's error as
 * `parent`: mysql2 marks every such connection-level error `fatal`.
 */

const UNREACHABLE = new Set([
  'SequelizeConnectionError',
  'SequelizeConnectionRefusedError',
  'SequelizeConnectionTimedOutError',
  'SequelizeHostNotReachableError',
  'SequelizeConnectionAcquireTimeoutError',
]);

/** Socket and protocol failures of a connection that was open. */
const CONNECTION_LOST = new Set([
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
]);

/**
 * Server errors that say the server is going away or full, not that the statement was wrong:
 * 1040 too many connections, 1053 server shutdown in progress, 1927 connection killed (MariaDB).
 */
const SERVER_GOING_AWAY = new Set([1040, 1053, 1927]);

interface DriverError {
  code?: unknown;
  errno?: unknown;
  fatal?: unknown;
}

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (UNREACHABLE.has(error.name)) return true;
  if (error.name !== 'SequelizeDatabaseError') return false;
  const driver = (error as { parent?: DriverError }).parent;
  if (!driver) return false;
  return (
    driver.fatal === true ||
    (typeof driver.code === 'string' && CONNECTION_LOST.has(driver.code)) ||
    (typeof driver.errno === 'number' && SERVER_GOING_AWAY.has(driver.errno))
  );
}
