import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { productFiles, withoutComments } from './source-files.ts';

/**
 * The boundaries eslint.config.js draws between the parts (docs/architecture.md): each case lints
 * one import as if written in a file of that part, and the rule must refuse it or let it be.
 */
const REPO = new URL('../..', import.meta.url).pathname;
const eslint = new ESLint({ cwd: REPO });

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
    ['common/site/page-metadata.ts', '../../server-common/security/address-hash.ts'],
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

/**
 * no-restricted-imports reads only static imports: a dynamic `import('…')` crosses a boundary
 * unseen. The product's source (tests left out, as eslint.config.js lets them use builders) is
 * read for them here, with the parts each may not reach, as in eslint.config.js.
 */
const FORBIDDEN: Record<string, string[]> = {
  'realtime/src': ['api', 'ui', 'scripts'],
  'api/src': ['realtime', 'ui', 'scripts'],
  'ui/src': ['api', 'realtime', 'server-common', 'scripts'],
  'server-common': ['api', 'realtime', 'ui', 'scripts'],
  common: ['api', 'realtime', 'ui', 'server-common', 'scripts'],
};

/** The dynamic imports of relative modules in `file` (from the repository) that reach a part its own may not. */
function dynamicImportsAcross(file: string, text: string): string[] {
  const part = Object.keys(FORBIDDEN).find((folder) => file.startsWith(`${folder}/`));
  if (!part) return [];
  return [...withoutComments(text).matchAll(/\bimport\s*\(\s*(['"`])(\.[^'"`]*)\1/g)]
    .map((match) => match[2]!)
    .filter((from) => {
      const target = relative(REPO, resolve(dirname(join(REPO, file)), from));
      return FORBIDDEN[part]!.some((other) => target.startsWith(`${other}/`));
    });
}

describe('dynamic imports between the parts', () => {
  it("no product module reaches another part's code with import()", () => {
    const files = productFiles(REPO, Object.keys(FORBIDDEN));
    expect(files).toEqual(
      expect.arrayContaining(['realtime/src/server.ts', 'ui/src/features/admin/adminRoutes.tsx']),
    );
    const crossing = Object.fromEntries(
      files
        .map((file) => [file, dynamicImportsAcross(file, readFileSync(join(REPO, file), 'utf8'))] as const)
        .filter(([, found]) => found.length > 0),
    );
    expect(crossing).toEqual({});
  });

  it.each([
    ['realtime/src/server.ts', "const { x } = await import('../../api/src/app.ts');"],
    ['api/src/server.ts', 'const m = await import ( "../../realtime/src/server-app.ts" );'],
    [
      'ui/src/features/admin/adminRoutes.tsx',
      "lazy(() => import('../../../../server-common/security/secret-box.ts'));",
    ],
    [
      'common/site/page-metadata.ts',
      "const h = await import('../../server-common/security/address-hash.ts');",
    ],
    ['server-common/runtime/preflight.ts', 'await import(`../../api/src/app.ts`);'],
  ])('refuses in %s: %s', (file, line) => {
    expect(dynamicImportsAcross(file, line)).toHaveLength(1);
  });

  it.each([
    ['realtime/src/server.ts', "const { runRealtime } = await import('./run-realtime.ts');"],
    ['api/src/server.ts', "await import('../../server-common/runtime/preflight.ts');"],
    [
      'ui/src/features/search/searchRoute.tsx',
      "lazy(() => import('../../../../common/contracts/search.ts'));",
    ],
    ['server-common/runtime/preflight.ts', "await import('uWebSockets.js'); await import(url);"],
    ['common/site/page-metadata.ts', "// await import('../../server-common/security/address-hash.ts');"],
  ])('lets %s: %s', (file, line) => {
    expect(dynamicImportsAcross(file, line)).toEqual([]);
  });
});
