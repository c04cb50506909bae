import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The structural claims of docs/architecture.md that no lint rule holds, checked by reading the
 * source (its "Checked by" table names each claim's check): where the importer lives, that every
 * module of the product is used by one of its processes (so neither dead code nor benchmark-only
 * code sits in product source), that the data files the servers read are shipped in the build,
 * and the rules of "Where each kind of code lives" (below the first block). The import boundaries
 * between the parts are eslint.config.js's (boundaries.test.ts), the composition roots
 * api/src/composition.test.ts's.
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
   * The fourth is the start-up sample's step, which its launcher loads from its own module (a
   * command, as scripts/cli.mjs runs import-command.ts): in index.ts every import would load it.
   */
  const IMPORTER_ENTRIES = [
    `${IMPORTER}/index.ts`,
    `${IMPORTER}/import-lease.ts`,
    `${IMPORTER}/withdraw-months.ts`,
    `${IMPORTER}/cli/sample-if-empty.ts`,
  ];

  it('outside its folder, the product uses the importer through its index.ts (and leases, take-back, sample step) only', () => {
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

  it("the importer's index loads neither the start-up sample's step nor the config's schema", () => {
    // Every import starts from index.ts (the command, benchmarks, tests); the config's schema is
    // some 680 modules of typebox, which the two commands load themselves and an import never uses.
    const loaded = reachableFrom([`${IMPORTER}/index.ts`]);
    expect(loaded.has(`${IMPORTER}/csv/read-csv.ts`)).toBe(true);
    expect(
      [`${IMPORTER}/cli/sample-if-empty.ts`, 'common/config/config.ts'].filter((m) => loaded.has(m)),
    ).toEqual([]);
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

// ---------------------------------------------------------------------------------------------
// "Where each kind of code lives": the rules read from the syntax of the source.

/** The servers' code and what they share; the UI holds no SQL, no process and no metrics. */
const SERVER_SOURCE = ['api/src', 'realtime/src', 'server-common', 'common'];
const nonTestCode = (folders: string[]) => folders.flatMap(codeFiles).filter((file) => !isTestCode(file));

const parsed = new Map<string, { source: ts.SourceFile; nodes: ts.Node[] }>();

function parse(file: string) {
  let found = parsed.get(file);
  if (!found) {
    const source = ts.createSourceFile(
      file,
      readFileSync(join(REPO, file), 'utf8'),
      ts.ScriptTarget.Latest,
      true,
    );
    const nodes: ts.Node[] = [];
    const visit = (node: ts.Node) => {
      nodes.push(node);
      ts.forEachChild(node, visit);
    };
    visit(source);
    found = { source, nodes };
    parsed.set(file, found);
  }
  return found;
}

const syntaxOf = (file: string) => parse(file).source;
const everyNode = (file: string) => parse(file).nodes;

/** Every module a file names: static imports and re-exports (`typeOnly` when wholly `import type`), and `import()`. */
function moduleReferences(file: string): { specifier: string; typeOnly: boolean }[] {
  return everyNode(file).flatMap((node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      const typeOnly = ts.isImportDeclaration(node)
        ? node.importClause?.isTypeOnly === true
        : node.isTypeOnly;
      return [{ specifier: (node.moduleSpecifier as ts.StringLiteral).text, typeOnly }];
    }
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      return [{ specifier: node.arguments[0].text, typeOnly: false }];
    }
    return [];
  });
}

/** The text of every string literal and template part: where SQL is written. */
function stringsOf(file: string): string[] {
  return everyNode(file)
    .filter(
      (node): node is ts.StringLiteralLike | ts.TemplateLiteralLikeNode =>
        ts.isStringLiteralLike(node) ||
        ts.isTemplateHead(node) ||
        ts.isTemplateMiddle(node) ||
        ts.isTemplateTail(node),
    )
    .map((node) => node.text);
}

/** `name` of `x.name(…)` or `name(…)`. */
function calledName(call: ts.CallExpression): string | undefined {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
}

// Parsing the product's source takes seconds on a loaded machine.
describe('docs/architecture.md: metrics, migrations, dialect SQL', { timeout: 60_000 }, () => {
  const OBSERVABILITY = [
    'api/src/observability',
    'realtime/src/observability',
    'server-common/observability',
    'common/observability',
  ];
  /**
   * What metrics use besides their own folder, common/ and server-common/: the API's error type and
   * plugin wrapper, the realtime engine's and Socket.IO server's types. No feature: what they count
   * of one (the outbox's backlog, the imports) is handed in.
   */
  const METRICS_MAY_USE = [
    'api/src/http/errors.ts',
    'api/src/security/shared-plugin.ts',
    'realtime/src/engine/http-engine.ts',
    'realtime/src/io-types.ts',
  ];

  it('metrics (*/observability/) import no feature', () => {
    const metrics = nonTestCode(OBSERVABILITY);
    expect(metrics.length).toBeGreaterThan(5);
    const reachingOut = metrics.flatMap((file) =>
      importsOf(file)
        .filter(
          (module) =>
            !module.startsWith(`${dirname(file)}/`) &&
            !module.startsWith('common/') &&
            !module.startsWith('server-common/') &&
            !METRICS_MAY_USE.includes(module),
        )
        .map((module) => `${file} -> ${module}`),
    );
    expect(reachingOut).toEqual([]);
  });

  it('migrations import no application code: sequelize, each other, the store text settings, the context type', () => {
    const migrations = nonTestCode(['api/src/db/migrations']);
    expect(migrations.length).toBeGreaterThan(10);
    const allowed = ({ specifier, typeOnly }: { specifier: string; typeOnly: boolean }) =>
      specifier === 'sequelize' ||
      /^\.\/[^/]+\.ts$/.test(specifier) ||
      specifier === '../mysql-session.ts' ||
      (typeOnly && specifier === '../migrate.ts');
    const found = migrations.flatMap((file) =>
      moduleReferences(file)
        .filter((reference) => !allowed(reference))
        .map(({ specifier }) => `${file} -> ${specifier}`),
    );
    expect(found).toEqual([]);
    // The text settings are constants that import nothing: through them a migration reaches no code.
    expect(moduleReferences('api/src/db/mysql-session.ts')).toEqual([]);
  });

  /** SQL that only one of the two dialects reads (or that names one's catalogue or settings). */
  const DIALECT_SQL =
    /\b(ON DUPLICATE KEY|INSERT OR|INSERT IGNORE|REPLACE INTO|ON CONFLICT|RETURNING|LAST_INSERT_ID|AUTO_?INCREMENT|IFNULL|strftime|julianday|UNIX_TIMESTAMP|FOR UPDATE|LOCK IN SHARE MODE|sqlite_master|information_schema|PRAGMA|INDEXED BY|FORCE INDEX|USE INDEX|GROUP_CONCAT|LOAD DATA|GET_LOCK|RELEASE_LOCK|WITHOUT ROWID|STRAIGHT_JOIN|SET SESSION)\b|\bENGINE\s*=/i;
  const DIALECT_NAMES = new Set(['mysql', 'mariadb', 'sqlite', 'postgres', 'mssql']);
  const EQUALITY = new Set([
    ts.SyntaxKind.EqualsEqualsEqualsToken,
    ts.SyntaxKind.ExclamationEqualsEqualsToken,
    ts.SyntaxKind.EqualsEqualsToken,
    ts.SyntaxKind.ExclamationEqualsToken,
  ]);
  const isDialectName = (node: ts.Node | undefined) =>
    node !== undefined && ts.isStringLiteralLike(node) && DIALECT_NAMES.has(node.text);

  /** Where a module writes dialect SQL, branches on the dialect or asks which it is. */
  function dialectFindings(file: string): string[] {
    const sql = stringsOf(file).flatMap((text) => DIALECT_SQL.exec(text)?.[0] ?? []);
    const knowing = everyNode(file).flatMap((node) => {
      if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
        if (isDialectName(node.left) || isDialectName(node.right)) return ['branches on the dialect'];
      }
      if (ts.isCaseClause(node) && isDialectName(node.expression)) return ['branches on the dialect'];
      if (ts.isCallExpression(node) && ['getDialect', 'dialectOf'].includes(calledName(node) ?? '')) {
        return ['asks the dialect'];
      }
      return [];
    });
    return [...sql.map((token) => `SQL ${token}`), ...knowing];
  }

  it('reads dialect SQL and dialect branches where they are: api/src/db/', () => {
    expect(dialectFindings('api/src/db/index-hints.ts')).toEqual(
      expect.arrayContaining([
        'SQL INDEXED BY',
        'SQL FORCE INDEX',
        'branches on the dialect',
        'asks the dialect',
      ]),
    );
    expect(dialectFindings('api/src/db/window-counters.ts')).toEqual(
      expect.arrayContaining(['SQL ON DUPLICATE KEY', 'SQL ON CONFLICT', 'branches on the dialect']),
    );
  });

  /** Outside api/src/db/ the dialect is only reported (the health answer, the admin system page). */
  const REPORT_THE_DIALECT = ['api/src/admin/system-routes.ts', 'api/src/health/routes.ts'];

  it('dialect SQL only in api/src/db/: no other module writes it, branches on the dialect or asks which it is', () => {
    const outside = nonTestCode(SERVER_SOURCE).filter((file) => !file.startsWith('api/src/db/'));
    const found = outside.flatMap((file) =>
      dialectFindings(file)
        .filter((finding) => !(finding === 'asks the dialect' && REPORT_THE_DIALECT.includes(file)))
        .map((finding) => `${file}: ${finding}`),
    );
    expect(found).toEqual([]);
  });
});

describe('docs/architecture.md: thin routes, process wiring, tests', { timeout: 60_000 }, () => {
  const routeModules = nonTestCode(['api/src']).filter((file) => file.endsWith('routes.ts'));
  const REGISTERS_A_ROUTE = /^contractRoute$|^(get|post|put|delete|patch|head|route)$/;
  /** A statement, not words: the verbs of SQL with the words that must follow them. */
  const SQL_STATEMENT =
    /\bSELECT\b[\s\S]*\bFROM\b|\bINSERT\s+INTO\b|\bUPDATE\s+\w+\s+SET\b|\bDELETE\s+FROM\b/;
  const MAX_HANDLER_LINES = 20;
  const MAX_ROUTE_MODULE_LINES = 150;

  /** Lines of each handler a module registers: the function handed last to contractRoute or app.get/post/…. */
  function handlerLines(file: string): number[] {
    const source = syntaxOf(file);
    const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
    return everyNode(file).flatMap((node) => {
      if (!ts.isCallExpression(node) || !REGISTERS_A_ROUTE.test(calledName(node) ?? '')) return [];
      const handler = node.arguments.at(-1);
      if (!handler || !(ts.isArrowFunction(handler) || ts.isFunctionExpression(handler))) return [];
      return [lineOf(handler.getEnd()) - lineOf(handler.getStart(source)) + 1];
    });
  }

  it('reads every route module: each registers handlers', () => {
    expect(routeModules.length).toBeGreaterThan(15);
    for (const file of routeModules) expect(handlerLines(file).length, file).toBeGreaterThan(0);
  });

  it('routes are thin: no SQL or store of their own, short handlers, short modules', () => {
    const found = routeModules.flatMap((file) => [
      ...moduleReferences(file)
        .filter(({ specifier }) => specifier === 'sequelize' || specifier.startsWith('sequelize/'))
        .map(() => `${file}: imports sequelize`),
      ...stringsOf(file)
        .filter((text) => SQL_STATEMENT.test(text))
        .map((text) => `${file}: SQL ${text.slice(0, 40)}`),
      ...everyNode(file)
        .filter(
          (node) => ts.isCallExpression(node) && ['query', 'transaction'].includes(calledName(node) ?? ''),
        )
        .map((node) => `${file}: ${node.getText().slice(0, 40)}`),
      ...handlerLines(file)
        .filter((lines) => lines > MAX_HANDLER_LINES)
        .map((lines) => `${file}: a handler of ${lines} lines`),
      ...(readFileSync(join(REPO, file), 'utf8').split('\n').length > MAX_ROUTE_MODULE_LINES
        ? [`${file}: over ${MAX_ROUTE_MODULE_LINES} lines`]
        : []),
    ]);
    expect(found).toEqual([]);
  });

  const PROCESS_EVENTS = ['on', 'once', 'addListener', 'prependListener', 'prependOnceListener'];
  /** What of the process a module takes into its hands. */
  function wiringOf(file: string): string[] {
    const kinds = new Set<string>();
    for (const node of everyNode(file)) {
      if (
        ts.isPropertyAccessExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'process'
      ) {
        const name = node.name.text;
        if (PROCESS_EVENTS.includes(name)) kinds.add('process events');
        if (name === 'exit' || name === 'exitCode') kinds.add('exit');
        if (name === 'env' || name === 'loadEnvFile') kinds.add('environment');
        if (name === 'argv') kinds.add('arguments');
        if (['stdin', 'stdout', 'stderr'].includes(name)) kinds.add('standard streams');
      }
      if (ts.isCallExpression(node) && calledName(node) === 'listen') kinds.add('listens');
    }
    return [...kinds].sort();
  }

  /**
   * Every module of product source that takes part of the process into its hands, and what. The two
   * servers' own are run-api.ts and run-realtime.ts; the entries only stop a Node that cannot run
   * them; the commands' mains are the commands' processes; and a few hand one thing on, each named.
   */
  const PROCESS_WIRING: Record<string, string[]> = {
    'api/src/run-api.ts': ['environment', 'exit', 'listens', 'process events'],
    'realtime/src/run-realtime.ts': ['environment', 'exit', 'listens', 'process events'],
    // The entries: exit when this Node cannot run them; REALTIME_ENGINE=node tells the realtime
    // entry, before any module loads, that uWebSockets.js need not be probed.
    'api/src/server.ts': ['exit'],
    'realtime/src/server.ts': ['environment', 'exit'],
    // The runtime check's exit for the entries (its child's script is a string it runs).
    'server-common/runtime/preflight.ts': ['exit'],
    // The commands' own processes.
    'api/src/police-data/import/cli/import-command.ts': [
      'environment',
      'exit',
      'process events',
      'standard streams',
    ],
    'api/src/police-data/import/cli/sample-if-empty.ts': ['environment', 'exit'],
    // The API hands its environment to the import it runs as a child.
    'api/src/data-updates/import-process.ts': ['environment'],
    // The realtime server's sockets: run-realtime.ts calls the server's listen, which is the engine's.
    'realtime/src/server-app.ts': ['listens'],
    'realtime/src/engine/node-engine.ts': ['listens'],
    'realtime/src/engine/uws-engine.ts': ['listens'],
  };

  it('process wiring (signals, exit, environment, listening) in run-api.ts and run-realtime.ts, the entries and the commands', () => {
    const wired = Object.fromEntries(
      nonTestCode([...SERVER_SOURCE, 'ui/src'])
        .map((file) => [file, wiringOf(file)] as const)
        .filter(([, kinds]) => kinds.length > 0),
    );
    expect(wired).toEqual(PROCESS_WIRING);
  });

  it('the entries (server.ts) prove this Node can run the server before any of its modules loads', () => {
    for (const [entry, run] of [
      ['api/src/server.ts', './run-api.ts'],
      ['realtime/src/server.ts', './run-realtime.ts'],
    ] as const) {
      const references = moduleReferences(entry);
      expect(references.at(-1)?.specifier, entry).toBe(run);
      for (const { specifier } of references.slice(0, -1)) {
        expect(specifier, entry).toMatch(/^\.\.\/\.\.\/server-common\/runtime\//);
      }
      const text = readFileSync(join(REPO, entry), 'utf8');
      expect(text.indexOf('checkRuntimeOrExit('), entry).toBeLessThan(text.indexOf(`import('${run}')`));
    }
  });

  it('the environment is read by one schema: common/config/config.ts, whose static type is AppConfig', () => {
    const config = readFileSync(join(REPO, 'common/config/config.ts'), 'utf8');
    expect(config).toMatch(/export type AppConfig = Static<typeof APP_CONFIG_SCHEMA>;/);
    // Who reads the environment hands all of it to configOrFail (or to a child), but the realtime
    // entry's REALTIME_ENGINE (the wiring test above names each reader).
    const readers = Object.entries(PROCESS_WIRING).filter(([, kinds]) => kinds.includes('environment'));
    for (const [file] of readers) {
      const text = readFileSync(join(REPO, file), 'utf8');
      const reads = [...text.matchAll(/process\.env(\.\w+|\[)?/g)].map((match) => match[0]);
      const named = reads.filter((read) => read !== 'process.env');
      expect(named, file).toEqual(file === 'realtime/src/server.ts' ? ['process.env.REALTIME_ENGINE'] : []);
    }
  });

  it('test support and doubles live in tests/support/, never under api/src', () => {
    // Under api/src, tests only: no support module beside them (a module only tests use would also
    // fail the dead-code check above).
    const apiTestCode = codeFiles('api/src').filter(isTestCode);
    expect(apiTestCode.filter((file) => !file.endsWith('.test.ts'))).toEqual([]);
    // No test lends helpers to another: what tests share is in tests/support/.
    const tests = [...PRODUCT_SOURCE, 'scripts', 'tests']
      .flatMap(codeFiles)
      .filter((file) => /\.test\.tsx?$/.test(file));
    expect(tests.length).toBeGreaterThan(100);
    const lent = tests.flatMap((file) =>
      importsOf(file)
        .filter((module) => /\.test\.tsx?$/.test(module))
        .map((module) => `${file} -> ${module}`),
    );
    expect(lent).toEqual([]);
    const apiTestsUseSupport = apiTestCode.some((file) =>
      importsOf(file).some((m) => m.startsWith('tests/support/')),
    );
    expect(apiTestsUseSupport).toBe(true);
  });
});

describe('docs/architecture.md: what it names is there', { timeout: 60_000 }, () => {
  // (The diagram's fence aside: its backticks would pair with the prose's.)
  const doc = readFileSync(join(REPO, 'docs/architecture.md'), 'utf8').replace(/```[\s\S]*?```/g, '');
  const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: REPO,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
  /** Every file and folder git has or would add (folders with a trailing slash). */
  const paths = new Set(
    tracked.flatMap((file) => {
      const parts = file.split('/');
      return parts.map((_, i) => parts.slice(0, i + 1).join('/') + (i < parts.length - 1 ? '/' : ''));
    }),
  );
  const backticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

  it('every file and folder the page names exists (a short name: as the end of a path)', () => {
    const named = new Set(
      backticked(doc).filter(
        (token) =>
          (token.includes('/') || /\.(ts|tsx|mjs|json|md|cfg|html|txt)$/.test(token)) &&
          !/[\s<>{}*?:()]|^\/|^@|^node:/.test(token),
      ),
    );
    expect(named.size).toBeGreaterThan(100);
    const exists = (token: string) =>
      [token, `${token}/`].some((path) => paths.has(path)) ||
      [...paths].some((path) => path.endsWith(`/${token}`) || path.endsWith(`/${token}/`));
    expect([...named].filter((token) => !exists(token))).toEqual([]);
  });

  const between = (start: string, end: string) => {
    const from = doc.indexOf(start);
    expect(from, start).toBeGreaterThanOrEqual(0);
    return doc.slice(from + start.length, doc.indexOf(end, from));
  };
  const folders = (folder: string) =>
    readdirSync(join(REPO, folder), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();

  it('the API and UI features it lists are the feature folders', () => {
    const api = backticked(between('API features:', 'UI:')).filter((token) => !token.includes('/'));
    // api/src/db/ is the database part (the parts' table) and api/src/composition/ the composition
    // root's own helpers, not features.
    expect(api.sort()).toEqual(
      folders('api/src').filter((folder) => !['db', 'composition'].includes(folder)),
    );
    const ui = backticked(between('UI: `ui/src/features/<feature>/`', '; messages')).filter(
      (token) => !token.includes('/'),
    );
    expect(ui.sort()).toEqual(folders('ui/src/features'));
  });

  it('each subject of common/ has its own unit tests (the contracts: also against the running app)', () => {
    const untested = folders('common').filter(
      (folder) => !codeFiles(`common/${folder}`).some((file) => file.endsWith('.test.ts')),
    );
    expect(untested).toEqual([]);
    expect(existsSync(join(REPO, 'api/src/contracts.int.test.ts'))).toBe(true);
  });

  it('admin pages are guarded in their route’s beforeLoad', () => {
    const file = 'ui/src/features/admin/adminRoutes.tsx';
    const routes = everyNode(file).filter(
      (node): node is ts.VariableDeclaration =>
        ts.isVariableDeclaration(node) &&
        node.initializer !== undefined &&
        ts.isCallExpression(node.initializer) &&
        calledName(node.initializer) === 'createRoute',
    );
    const text = (route: ts.VariableDeclaration) => route.initializer!.getText();
    const guard = routes.find((route) => route.name.getText() === 'adminRoute');
    expect(guard && text(guard)).toMatch(/beforeLoad:/);
    const pages = routes.filter((route) => route !== guard);
    expect(pages.length).toBeGreaterThan(5);
    for (const page of pages) expect(text(page)).toMatch(/getParentRoute: \(\) => adminRoute,/);
    // No other route reaches an admin page.
    const elsewhere = nonTestCode(['ui/src'])
      .filter((other) => other !== file)
      .flatMap((other) =>
        importsOf(other)
          .filter((module) => /^ui\/src\/features\/admin\/[^/]+Page\.tsx$/.test(module))
          .map((module) => `${other} -> ${module}`),
      );
    expect(elsewhere).toEqual([]);
  });

  /** The libraries the page names, with a module of ours that uses each as it says. */
  const LIBRARIES: Record<string, string> = {
    'sanitize-html': 'api/src/police-data/police-api/sanitise-html.ts',
    'fastify-plugin': 'api/src/security/shared-plugin.ts',
    'prom-client': 'server-common/observability/process-metrics.ts',
    typebox: 'common/config/config.ts',
    'hdr-histogram-js': 'scripts/bench/lib/histogram.ts',
    'ipaddr.js': 'server-common/addresses/address-group.ts',
    'lru-cache': 'api/src/composition/caches.ts',
    'p-queue': 'realtime/src/clocks/load-queue.ts',
  };

  it('the libraries it names are dependencies, used where it says', () => {
    const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as Record<
      'dependencies' | 'devDependencies',
      Record<string, string>
    >;
    const dependencies = new Set([
      ...Object.keys(manifest.dependencies),
      ...Object.keys(manifest.devDependencies),
    ]);
    const named = backticked(between('Libraries:', 'Our own, each for a reason')).filter((token) =>
      dependencies.has(token),
    );
    expect(named.sort()).toEqual(Object.keys(LIBRARIES).sort());
    for (const [library, module] of Object.entries(LIBRARIES)) {
      expect(
        moduleReferences(module).map((reference) => reference.specifier),
        module,
      ).toContain(library);
    }
    // The SQLite reader's statements are the measured exception: a Map (docs/architecture.md).
    expect(moduleReferences('api/src/db/reads.ts').map((reference) => reference.specifier)).not.toContain(
      'lru-cache',
    );
  });

  it('limits.md has each limit against one client that the page names', () => {
    const page = readFileSync(join(REPO, 'docs/limits.md'), 'utf8');
    const limits = backticked(between('**Limits against one client**', '[limits.md]'));
    expect(limits.length).toBeGreaterThan(4);
    const missing = limits.filter(
      (path) => !page.includes(path.replace(/\/$/, '').split('/').at(-1)!.replace(/\.ts$/, '')),
    );
    expect(missing).toEqual([]);
  });

  it('server-common is used by both servers (scheduling/: by the API’s workers alone)', () => {
    const api = reachableFrom(['api/src/server.ts']);
    const realtime = reachableFrom(['realtime/src/server.ts']);
    const shared = nonTestCode(['server-common']);
    expect(shared.filter((file) => !api.has(file) && !realtime.has(file))).toEqual([]);
    expect(shared.filter((file) => !(api.has(file) && realtime.has(file)))).toEqual([
      'server-common/scheduling/round-scheduler.ts',
    ]);
  });
});
