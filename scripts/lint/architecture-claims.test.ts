import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The structural claims of docs/architecture.md that no lint rule holds, checked by reading the
 * source: where the importer lives, that every module of the product is used by one of its
 * processes (so neither dead code nor benchmark-only code sits in product source), and that the
 * data files the servers read are shipped in the build. The import boundaries between the parts
 * are eslint.config.js's (boundaries.test.ts), the composition roots api/src/composition.test.ts's.
 */
const REPO = new URL('../..', import.meta.url).pathname;
const IMPORTER = 'api/src/police-data/import';
const PRODUCT_SOURCE = ['api/src', 'realtime/src', 'server-common', 'common', 'ui/src'];
const CODE = /\.(ts|tsx|mjs|js)$/;

/** Tests and their support: they may reach anything, and nothing of the product needs them. */
const isTestCode = (file: string) =>
  /\.test\.tsx?$|\.test-support\.ts$/.test(file) || file.startsWith('tests/');
const isBench = (file: string) => file.startsWith('scripts/bench/');

function codeFiles(folder: string): string[] {
  return readdirSync(join(REPO, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && CODE.test(entry.name) && !entry.name.endsWith('.d.mts'))
    .map((entry) => relative(REPO, join(entry.parentPath, entry.name)));
}

/** Relative module specifiers: `from '…'`, `import '…'`, `import('…')`. */
const SPECIFIER = /(?:\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g;

function resolveSpecifier(from: string, specifier: string): string | undefined {
  const base = join(dirname(join(REPO, from)), specifier);
  const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
  return found && relative(REPO, found);
}

/** The modules a file imports (code only: styles, JSON and data files are not followed). */
function importsOf(file: string): string[] {
  return [...readFileSync(join(REPO, file), 'utf8').matchAll(SPECIFIER)]
    .map((match) => resolveSpecifier(file, match[1]!))
    .filter((resolved): resolved is string => resolved !== undefined && CODE.test(resolved));
}

/** The modules `scripts/cli.mjs` runs by name (`npm run import|admin|…`), from the repository's root. */
function launcherCommands(): Record<string, string> {
  const text = readFileSync(join(REPO, 'scripts/cli.mjs'), 'utf8');
  const table = /const COMMANDS = \{([^}]*)\}/.exec(text)?.[1] ?? '';
  return Object.fromEntries([...table.matchAll(/(\w+): '([^']+)'/g)].map((m) => [m[1]!, `${m[2]!}.ts`]));
}

/**
 * What the product's processes start from: the two servers, the UI's two pages (ui/index.html,
 * ui/embed.html), the commands of scripts/cli.mjs and every other script but the benchmarks.
 */
function entryModules(): string[] {
  return [
    'api/src/server.ts',
    'realtime/src/server.ts',
    'ui/src/app/main.tsx',
    'ui/src/features/embed/embedMain.ts',
    'vite.config.ts',
    ...Object.values(launcherCommands()),
    ...codeFiles('scripts').filter((file) => !isTestCode(file) && !isBench(file)),
  ];
}

function reachableFrom(entries: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...entries];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    stack.push(...importsOf(file));
  }
  return seen;
}

/**
 * Product modules no process uses, each for a reason, by name: a new one fails the test below.
 * The contract registry is read by the contract test (api/src/contracts.int.test.ts) to check
 * every endpoint.
 */
const USED_ONLY_BY_TESTS = ['common/contracts/index.ts'];

describe('docs/architecture.md: the structure it claims', () => {
  const productModules = PRODUCT_SOURCE.flatMap(codeFiles).filter((file) => !isTestCode(file));

  it('reads the import graph (a known chain from each entry)', () => {
    const reached = reachableFrom(entryModules());
    expect([...reached]).toEqual(
      expect.arrayContaining([
        'api/src/search/routes.ts',
        'realtime/src/server-app.ts',
        'ui/src/shared/ui/Button.tsx',
        'ui/src/features/search/SearchPage.tsx',
        `${IMPORTER}/csv/read-csv.ts`,
      ]),
    );
  });

  it('every module of the product is used by one of its processes: no dead code, no benchmark-only code', () => {
    const reached = reachableFrom(entryModules());
    expect(productModules.filter((file) => !reached.has(file))).toEqual(USED_ONLY_BY_TESTS);
  });

  it('the importer is one folder: its commands are in it, scripts/ holds launchers only', () => {
    // (git keeps no empty folder: a checkout made after the move has none)
    expect(existsSync(join(REPO, 'scripts/import')) ? codeFiles('scripts/import') : []).toEqual([]);
    const commands = launcherCommands();
    expect(commands.import).toBe(`${IMPORTER}/cli/import-command.ts`);
    for (const module of Object.values(commands)) expect(existsSync(join(REPO, module)), module).toBe(true);
    // A script that uses the importer hands it what it needs and runs it: a few lines.
    const scriptsUsingTheImporter = codeFiles('scripts')
      .filter((file) => !isTestCode(file) && !isBench(file))
      .filter((file) => importsOf(file).some((module) => module.startsWith(`${IMPORTER}/`)));
    expect(scriptsUsingTheImporter.length).toBeGreaterThan(0);
    for (const file of scriptsUsingTheImporter) {
      const lines = readFileSync(join(REPO, file), 'utf8').split('\n');
      expect(lines.length, file).toBeLessThan(20);
    }
  });

  /**
   * The importer's public modules. The store's leases are the second: the API's scheduled update
   * and month notices take their own beside the import's, and through index.ts the API would load
   * all of the importer (43 more modules) for them. The third takes a stopped scheduled import's
   * months back out (the API does it when its child import was stopped), knowing only the tables.
   */
  const IMPORTER_ENTRIES = [
    `${IMPORTER}/index.ts`,
    `${IMPORTER}/import-lease.ts`,
    `${IMPORTER}/withdraw-months.ts`,
  ];

  it('outside its folder, the product uses the importer through its index.ts (and leases, take-back) only', () => {
    const outside = [...PRODUCT_SOURCE.flatMap(codeFiles), ...codeFiles('scripts')].filter(
      (file) => !file.startsWith(`${IMPORTER}/`) && !isTestCode(file) && !isBench(file),
    );
    const reachingIn = outside.flatMap((file) =>
      importsOf(file)
        .filter((module) => module.startsWith(`${IMPORTER}/`) && !IMPORTER_ENTRIES.includes(module))
        .map((module) => `${file} -> ${module}`),
    );
    expect(reachingIn).toEqual([]);
  });

  it('the API runs the importer as a child process: of the importer it loads the leases and the take-back only', () => {
    const loaded = [...reachableFrom(['api/src/server.ts'])].filter((file) =>
      file.startsWith(`${IMPORTER}/`),
    );
    expect(loaded.sort()).toEqual(
      [`${IMPORTER}/import-lease.ts`, `${IMPORTER}/month-tables.ts`, `${IMPORTER}/withdraw-months.ts`].sort(),
    );
  });

  it('the data files the servers read beside their modules are shipped in the build', () => {
    const copied = readFileSync(join(REPO, 'scripts/build/copy-data-files.mjs'), 'utf8');
    const shipped = JSON.parse(
      (/const DATA_FILES = (\[[^\]]*\])/.exec(copied)?.[1] ?? '[]').replaceAll("'", '"'),
    ) as string[];
    const read = productModules.flatMap((file) =>
      [
        ...readFileSync(join(REPO, file), 'utf8').matchAll(
          /new URL\('(\.{1,2}\/[^']+)', import\.meta\.url\)/g,
        ),
      ]
        .map((match) => relative(REPO, join(dirname(join(REPO, file)), match[1]!)))
        .filter((path) => !CODE.test(path)),
    );
    expect(read).toContain('api/src/security/common-passwords.txt');
    expect(shipped.toSorted()).toEqual([...new Set(read)].toSorted());
  });

  it('the common-password list is a data file, not a module', () => {
    expect(existsSync(join(REPO, 'api/src/security/common-passwords.txt'))).toBe(true);
    // A word list written as code would be thousands of lines; the longest module is under 1,000.
    const long = productModules.filter(
      (file) => readFileSync(join(REPO, file), 'utf8').split('\n').length > 1500,
    );
    expect(long).toEqual([]);
  });
});
