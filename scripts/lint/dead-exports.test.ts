import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * No dead exports, as a name nobody imports is code nobody needs: every name a product module
 * exports is imported by another module of the product. What only a test or a benchmark needs lives
 * with them (tests/support/, scripts/bench/), not in product source; what a module needs for itself
 * alone is not exported. Modules are read with the TypeScript parser (no type checking), so this
 * takes a second or two.
 */
const REPO = new URL('../..', import.meta.url).pathname;
const PRODUCT_SOURCE = ['api/src', 'realtime/src', 'server-common', 'common', 'ui/src'];
const CODE = /\.(ts|tsx)$/;

/** Tests and their support: they may use anything, and using it is not a reason for it to exist. */
const isTestCode = (file: string) =>
  /\.test\.tsx?$|\.test-support\.ts$/.test(file) || file.startsWith('tests/');
const isBench = (file: string) => file.startsWith('scripts/bench/');

/**
 * Exports no other product module imports, each for a reason. A new unused export fails the test
 * below; one that has become used fails the last test, so the list stays exact.
 */
const ALLOWED: Record<string, string> = {
  'api/src/app.ts: App': "buildApp's answer, the type the API's integration tests hold",
  'common/contracts/schema-check.ts: KNOWN_KEYWORDS':
    "the keywords the browser's answer checker knows, against which its test holds every contract's schemas",
  'common/contracts/index.ts: ENDPOINTS':
    "every endpoint, which the contract test checks (architecture-claims.test.ts's USED_ONLY_BY_TESTS)",
  'common/i18n/glossary-cy.ts: termsAwaitingReview':
    "the glossary's own list of Welsh terms awaiting review, which the list in docs/i18n.md is checked against",
  'common/search/outcomes.ts: UNRESOLVED_OUTCOMES':
    "the other half of the outcome classification, so that every data.police.uk outcome is named (the glossary's Welsh outcomes are checked against both)",
};

function codeFiles(folder: string): string[] {
  return readdirSync(join(REPO, folder), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && CODE.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(REPO, join(entry.parentPath, entry.name)));
}

function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = join(dirname(join(REPO, from)), specifier);
  const found = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
    (candidate) => existsSync(candidate) && statSync(candidate).isFile(),
  );
  return found && relative(REPO, found);
}

/** What one module exports and what it takes from others: module → names ('*' for all of it). */
interface ModuleFacts {
  exports: Set<string>;
  uses: Map<string, Set<string>>;
  /** Names the module itself refers to besides declaring and exporting them. */
  refersTo: Set<string>;
}

/** Whether an identifier is a name being declared, exported or a member's name, not a use. */
function isNotAUse(node: ts.Identifier): boolean {
  const parent = node.parent;
  return (
    ((ts.isVariableDeclaration(parent) ||
      ts.isFunctionDeclaration(parent) ||
      ts.isClassDeclaration(parent) ||
      ts.isInterfaceDeclaration(parent) ||
      ts.isTypeAliasDeclaration(parent) ||
      ts.isEnumDeclaration(parent) ||
      ts.isPropertyAssignment(parent) ||
      ts.isPropertySignature(parent) ||
      ts.isPropertyDeclaration(parent) ||
      ts.isMethodDeclaration(parent) ||
      ts.isMethodSignature(parent) ||
      ts.isEnumMember(parent)) &&
      parent.name === node) ||
    (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
    (ts.isQualifiedName(parent) && parent.right === node) ||
    (ts.isBindingElement(parent) && parent.propertyName === node) ||
    ts.isExportSpecifier(parent) ||
    ts.isImportSpecifier(parent) ||
    ts.isImportClause(parent) ||
    ts.isNamespaceImport(parent)
  );
}

const hasModifier = (node: ts.Node, kind: ts.SyntaxKind) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) =>
    ts.isOmittedExpression(element) ? [] : bindingNames(element.name),
  );
}

function readModule(file: string, text = readFileSync(join(REPO, file), 'utf8')): ModuleFacts {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const facts: ModuleFacts = { exports: new Set(), uses: new Map(), refersTo: new Set() };
  const use = (specifier: string, name: string) => {
    const target = resolve(file, specifier);
    if (!target) return;
    const names = facts.uses.get(target) ?? new Set<string>();
    names.add(name);
    facts.uses.set(target, names);
  };

  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier)) {
      const from = statement.moduleSpecifier.text;
      const clause = statement.importClause;
      if (!clause) use(from, '*'); // imported for its effect
      if (clause?.name) use(from, 'default');
      const bindings = clause?.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) use(from, '*');
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) use(from, (element.propertyName ?? element.name).text);
      }
    } else if (ts.isExportDeclaration(statement)) {
      const from =
        statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : undefined;
      const clause = statement.exportClause;
      if (!clause) {
        if (from) use(from, '*');
      } else if (ts.isNamespaceExport(clause)) {
        if (from) use(from, '*');
        facts.exports.add(clause.name.text);
      } else {
        for (const element of clause.elements) {
          facts.exports.add(element.name.text);
          if (from) use(from, (element.propertyName ?? element.name).text);
        }
      }
    } else if (ts.isExportAssignment(statement)) {
      facts.exports.add('default');
    } else if (hasModifier(statement, ts.SyntaxKind.ExportKeyword)) {
      if (hasModifier(statement, ts.SyntaxKind.DefaultKeyword)) facts.exports.add('default');
      else if (ts.isVariableStatement(statement)) {
        for (const declaration of statement.declarationList.declarations) {
          for (const name of bindingNames(declaration.name)) facts.exports.add(name);
        }
      } else {
        const name = (statement as ts.DeclarationStatement).name;
        if (name && ts.isIdentifier(name)) facts.exports.add(name.text);
      }
    }
  }

  // import('./x') and typeof import('./x'): the module as a whole.
  const visit = (node: ts.Node) => {
    if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      use(node.arguments[0].text, '*');
    }
    if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      use(node.argument.literal.text, '*');
    }
    if (ts.isIdentifier(node) && !isNotAUse(node)) facts.refersTo.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return facts;
}

/** `module: name` for every export of a product module that no other product module imports. */
function deadExports(): string[] {
  const product = PRODUCT_SOURCE.flatMap(codeFiles).filter((file) => !isTestCode(file));
  // The product's own scripts (launchers, data tools, the build) use it too; tests and benchmarks do not count.
  const users = [
    ...product,
    ...codeFiles('scripts').filter((file) => !isTestCode(file) && !isBench(file)),
    'vite.config.ts',
  ];
  const facts = new Map(users.map((file) => [file, readModule(file)] as const));
  const used = new Map<string, Set<string>>();
  for (const [file, { uses }] of facts) {
    for (const [target, names] of uses) {
      if (target === file) continue;
      const set = used.get(target) ?? new Set<string>();
      for (const name of names) set.add(name);
      used.set(target, set);
    }
  }
  return product.flatMap((file) => {
    const names = used.get(file);
    if (names?.has('*')) return [];
    const { exports, refersTo } = facts.get(file)!;
    return [...exports]
      .filter((name) => !names?.has(name) && !refersTo.has(name))
      .map((name) => `${file}: ${name}`);
  });
}

describe('no dead exports in product source', () => {
  it('reads exports and imports of every kind', () => {
    const facts = readModule(
      'scripts/lint/example.ts',
      [
        "import { backOffDelay, type BackOff as Wait } from '../../common/retry/back-off.ts';",
        "import * as errors from '../../common/contracts/errors.ts';",
        "import endpointDefault, { endpoint } from '../../common/contracts/endpoint.ts';",
        "import '../../common/contracts/paging.ts';",
        "import { describe } from 'vitest';",
        "export { GetSearchMap as shown } from '../../common/contracts/search.ts';",
        'export const aConst = 1, { first } = { first: 2 };',
        'export function aFunction() {}',
        'export class AClass {}',
        'export interface Shape {}',
        'export type Alias = Wait;',
        'export enum Kind { A }',
        'const local = 3;',
        'export { local as renamed };',
        'export default local;',
        "type Lazy = typeof import('../../common/i18n/messages.ts');",
        "void import('../../common/realtime/tick.ts');",
      ].join('\n'),
    );
    expect([...facts.exports].sort()).toEqual(
      [
        'AClass',
        'Alias',
        'Kind',
        'Shape',
        'aConst',
        'aFunction',
        'default',
        'first',
        'renamed',
        'shown',
      ].sort(),
    );
    const uses = Object.fromEntries([...facts.uses].map(([module, names]) => [module, [...names].sort()]));
    expect(uses).toEqual({
      'common/retry/back-off.ts': ['BackOff', 'backOffDelay'],
      'common/contracts/errors.ts': ['*'],
      'common/contracts/endpoint.ts': ['default', 'endpoint'],
      'common/contracts/paging.ts': ['*'],
      'common/contracts/search.ts': ['GetSearchMap'],
      'common/i18n/messages.ts': ['*'],
      'common/realtime/tick.ts': ['*'],
    });
  });

  // Reading every module takes a second or two, more on a loaded machine: once, for both tests.
  let found: string[] | undefined;
  const dead = () => (found ??= deadExports());

  it(
    'every export of a product module is imported by another module of the product',
    { timeout: 30_000 },
    () => {
      expect(dead().filter((entry) => !(entry in ALLOWED))).toEqual([]);
    },
  );

  it('the allowed exceptions are still unused elsewhere', { timeout: 30_000 }, () => {
    const unused = new Set(dead());
    expect(Object.keys(ALLOWED).filter((entry) => !unused.has(entry))).toEqual([]);
  });
});
