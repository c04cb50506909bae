import type { Sequelize } from 'sequelize';
import { createLeaseService, DEFAULT_LEASE_TTL_MS, IMPORT_LEASE } from '../import-lease.ts';
import { importWithLease } from '../import-sources.ts';
import type { ImportOptions, ImportSummary } from '../types.ts';

/**
 * Part of the importer's composition root (the import command and the start-up sample call it;
 * tests and benches, their own roots, too): one import into `sequelize`, under the import's lease,
 * built here for it (`options.leaseTtlMs`).
 */
export function importSources(
  sequelize: Sequelize,
  sources: readonly string[],
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const ttlMs = options.leaseTtlMs ?? DEFAULT_LEASE_TTL_MS;
  const lease = createLeaseService(sequelize, { name: IMPORT_LEASE, ttlMs });
  return importWithLease(sequelize, lease, sources, options);
}
