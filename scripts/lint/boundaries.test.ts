import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The boundaries eslint.config.js draws between the parts (docs/architecture.md): each case lints
 * one import as if written in a file of that part, and the rule must refuse it or let it be.
 */
const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

async function restrictedImports(filePath: string, from: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${from}';\nexport const y = x;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// Loading the config (typescript-eslint) takes seconds on a loaded machine: the first case waits for it.
describe('import boundaries between the parts', { timeout: 60_000 }, () => {
  it.each([
    ['realtime/src/server-app.ts', '../../api/src/security/csrf.ts'],
    ['realtime/src/clocks/area-clocks.test.ts', '../../../api/src/app.ts'],
    ['api/src/app.ts', '../../realtime/src/server-app.ts'],
    ['api/src/search/routes.int.test.ts', '../../../realtime/src/server-app.ts'],
    ['api/src/app.ts', '../../scripts/lib/create-database.ts'],
    ['realtime/src/run-realtime.ts', '../../ui/src/shared/api.ts'],
    ['ui/src/shared/api.ts', '../../../api/src/app.ts'],
    ['ui/src/features/clocks/clockFeed.ts', '../../../../server-common/addresses/address-group.ts'],
    ['server-common/addresses/address-group.ts', '../../api/src/app.ts'],
    ['common/clock/model.ts', '../../realtime/src/server-app.ts'],
  ])('refuses in %s an import of %s', async (file, from) => {
    expect(await restrictedImports(file, from)).toHaveLength(1);
  });

  it.each([
    ['realtime/src/server-app.ts', '../../server-common/security/address-hash.ts'],
    ['api/src/app.ts', '../../server-common/addresses/address-group.ts'],
    ['api/src/app.ts', '../../common/config/config.ts'],
    ['ui/src/shared/api.ts', '../../../common/contracts/search.ts'],
    // A test may use the other parts' builders: a test of both servers lives in tests/.
    ['api/src/police-data/import/x.int.test.ts', '../../../../scripts/data-sample/generate.ts'],
    ['tests/servers/data-version.int.test.ts', '../../realtime/src/server-app.ts'],
  ])('lets %s import %s', async (file, from) => {
    expect(await restrictedImports(file, from)).toEqual([]);
  });
});
