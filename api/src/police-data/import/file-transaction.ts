import type { Transaction } from 'sequelize';
import type { BulkWriter } from '../../db/bulk/index.ts';
import type { ImportContext } from './context.ts';

/**
 * Runs one file's whole import in one transaction: the store shows either everything the file
 * brings or what it held before, also when the process is killed half way.
 */
export async function inFileTransaction<T>(
  context: ImportContext,
  work: (transaction: Transaction, writer: BulkWriter) => Promise<T>,
): Promise<T> {
  context.signal.throwIfAborted();
  const transaction = await context.bulk.begin(context.sequelize);
  context.onTransaction?.(transaction);
  try {
    const result = await work(transaction, context.bulk.writer(transaction));
    // A stop that came while the last rows were written still rolls the file back.
    context.signal.throwIfAborted();
    await transaction.commit();
    return result;
  } catch (error) {
    await transaction.rollback().catch(() => {});
    throw error;
  } finally {
    context.onTransaction?.(undefined);
  }
}
