import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { csvText, STREET_HEADER, streetRows, writeFiles } from '../../../tests/support/police-archive.ts';
import { importSources } from '../police-data/import/index.ts';
import { storeDerivedTables } from '../police-data/store-derived-tables.ts';
import { createImportsService } from './imports-service.ts';

describe.each(testDialects)('the Imports card service after a partial import on %s', (dialect) => {
  let db: TestDatabase;
  let dir: string;
  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    dir = mkdtempSync(join(tmpdir(), 'crime-clock-imports-card-'));
  });
  afterAll(async () => {
    await db?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('gives the last import as partial, with each file that failed and why', async () => {
    const street = (force: string) =>
      csvText(STREET_HEADER, streetRows(15, { month: '2025-03', forceName: force, seed: 3 }));
    writeFiles(dir, {
      '2025-03/2025-03-kent-street.csv': street('Kent Police'),
      '2025-03/2025-03-surrey-street.csv': 'Crime ID,Month\nabc,2025-03\n',
      '2025-03/2025-03-essex-street.csv': street('Essex Police'),
    });
    const summary = await importSources(db.sequelize, [dir], { derivedTables: storeDerivedTables });
    expect(summary.status).toBe('partial');

    const [last] = await createImportsService({ sequelize: db.sequelize }).recentImports(1);
    expect(last).toMatchObject({ status: 'partial', files: 2, filesFailed: 1, rowsImported: 30 });
    expect(last!.failedFiles).toEqual([
      { file: '2025-03/2025-03-surrey-street.csv', error: expect.stringMatching(/lacks the column/) },
    ]);
  });
});
