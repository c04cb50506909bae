/**
 * The first thing the API, the realtime server and the importer do: prove, before they take any
 * request, that this Node can run them. A module that cannot work on this Node stops the process
 * with one message naming the Node it needs and the command that gets it, instead of a crash at
 * the first request that happens to reach it. Only Node's own modules and semver are imported
 * here, so this runs even where the product's other modules would not load.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import type { NativeModule } from './native-modules.ts';

/** The Node line CI, the Dockerfile and `npm test` use, and which `scripts/node-lts.sh` provides. */
export const TESTED_NODE_MAJOR = 22;

export const NODE_FIX =
  `Use Node ${TESTED_NODE_MAJOR}: \`. scripts/node-lts.sh\` puts it first on PATH in this shell ` +
  '(fetched once from the npm registry into ~/.cache/crime-clock); `npm start` and `npm test` do that by themselves.';

export class RuntimeCheckError extends Error {
  override name = 'RuntimeCheckError';
}

export interface RuntimeReport {
  node: string;
  /** Optional modules this process runs without, each with the reason. */
  unavailable: Map<string, string>;
}

export interface RuntimeCheckOptions {
  /** The version to judge (this Node's by default). */
  nodeVersion?: string;
  /** The Node binary that runs the probes (this one by default). */
  execPath?: string;
  /** A probe that has not finished by then counts as failed. */
  probeTimeoutMs?: number;
}

/** The product's own `engines.node` (package.json at the root of the checkout or the image). */
export function productNodeRange(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const manifest = JSON.parse(readFileSync(file, 'utf8')) as {
        name?: string;
        engines?: { node?: string };
      };
      if (manifest.name === 'crime-clock' && manifest.engines?.node) return manifest.engines.node;
    }
    const parent = dirname(dir);
    if (parent === dir)
      throw new RuntimeCheckError('The product\'s package.json (name "crime-clock") was not found.');
    dir = parent;
  }
}

interface ResolvedModule extends NativeModule {
  url: string;
  engines: string | undefined;
}

/** The module's entry and its package's `engines.node`, read from the folder it is installed in. */
function resolveModule(module: NativeModule): ResolvedModule {
  const url = import.meta.resolve(module.specifier);
  const installedAt = `${sep}node_modules${sep}${module.specifier.split('/').join(sep)}`;
  let dir = dirname(fileURLToPath(url));
  while (!dir.endsWith(installedAt) && dirname(dir) !== dir) dir = dirname(dir);
  const manifestFile = join(dir, 'package.json');
  const manifest = existsSync(manifestFile)
    ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as { engines?: { node?: string } })
    : {};
  return { ...module, url, engines: manifest.engines?.node };
}

// Run by the child: each module imported and its probe run in turn, a line written before and
// after each, so that a child killed by a signal still tells which module it was in.
const PROBE_RUNNER = `
import { writeSync } from 'node:fs';
const AsyncFunction = (async () => {}).constructor;
for (const { specifier, url, probe } of JSON.parse(process.argv[1])) {
  writeSync(1, 'start ' + specifier + '\\n');
  try {
    const mod = await import(url);
    await new AsyncFunction('mod', probe)(mod);
    writeSync(1, 'ok ' + specifier + '\\n');
  } catch (error) {
    writeSync(1, 'fail ' + specifier + ' ' + JSON.stringify(String(error?.message ?? error).split('\\n')[0]) + '\\n');
  }
}
`;

/** What went wrong with each module the child probed (absent: it worked). */
export function probeInChild(
  modules: Array<{ specifier: string; url: string; probe: string }>,
  { execPath = process.execPath, probeTimeoutMs = 30_000 }: RuntimeCheckOptions = {},
): Map<string, string> {
  const failures = new Map<string, string>();
  if (modules.length === 0) return failures;
  const result = spawnSync(
    execPath,
    ['--input-type=module', '--eval', PROBE_RUNNER, JSON.stringify(modules)],
    { encoding: 'utf8', timeout: probeTimeoutMs, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let inModule: string | undefined;
  const finished = new Set<string>();
  for (const line of (result.stdout ?? '').split('\n')) {
    const [word, specifier, ...rest] = line.split(' ');
    if (!specifier) continue;
    if (word === 'start') inModule = specifier;
    else {
      finished.add(specifier);
      inModule = undefined;
      if (word === 'fail') failures.set(specifier, `failed: ${JSON.parse(rest.join(' ')) as string}`);
    }
  }
  if (result.status !== 0 || result.error) {
    const how = result.error
      ? `did not finish (${result.error.message})`
      : result.signal
        ? `crashed the process (${result.signal})`
        : `ended the process (exit ${result.status})`;
    const culprit = inModule ?? modules.find((m) => !finished.has(m.specifier))?.specifier;
    if (culprit) failures.set(culprit, `${how} when it was loaded and ran a statement`);
    // The modules after the culprit were never tried: a fresh child tries them, so an optional
    // module that crashes (better-sqlite3 13 on Node 20) cannot take a required one down with it.
    const untried = modules
      .slice(modules.findIndex((x) => x.specifier === culprit) + 1)
      .filter((m) => !finished.has(m.specifier));
    if (culprit && untried.length > 0)
      for (const [specifier, failure] of probeInChild(untried, { execPath, probeTimeoutMs }))
        failures.set(specifier, failure);
  }
  return failures;
}

/**
 * Checks this Node against the product's range and each required module's `engines`, then
 * probes the modules in a child process (optional ones whatever their `engines` says). Throws
 * RuntimeCheckError naming the Node needed when a module the process cannot do without does not
 * work; optional modules that do not work are returned.
 */
export function checkRuntime(
  processName: string,
  modules: NativeModule[],
  options: RuntimeCheckOptions = {},
): RuntimeReport {
  const version = options.nodeVersion ?? process.versions.node;
  const productRange = productNodeRange();
  const cannotRun = (what: string, needs: string) =>
    new RuntimeCheckError(
      `${processName} cannot run on Node v${version}: ${what}. It needs Node ${needs}. ${NODE_FIX}`,
    );
  if (!semver.satisfies(version, productRange))
    throw cannotRun('Crime Clock does not support this Node line', productRange);

  const unavailable = new Map<string, string>();
  const toProbe: ResolvedModule[] = [];
  for (const module of modules) {
    let resolved: ResolvedModule;
    try {
      resolved = resolveModule(module);
    } catch (error) {
      const why = `${module.specifier} (${module.role}) is not installed: ${(error as Error).message}. Run \`npm install\``;
      if (!module.optional) throw new RuntimeCheckError(`${processName} cannot start: ${why}.`);
      unavailable.set(module.specifier, why);
      continue;
    }
    // An optional module is tried whatever its `engines` says: a package's label can be narrower
    // than the binaries it ships (uws-pack 20.0.8 declares Node >=22 but carries a Node 20 build
    // that serves), and the probe below tells what a label cannot. A required one stays strict.
    if (!module.optional && resolved.engines && !semver.satisfies(version, resolved.engines))
      throw cannotRun(
        `${module.specifier} (${module.role}) supports Node ${resolved.engines} only`,
        resolved.engines,
      );
    toProbe.push(resolved);
  }

  for (const [specifier, failure] of probeInChild(toProbe, options)) {
    const module = toProbe.find((m) => m.specifier === specifier)!;
    if (module.optional) {
      const label =
        module.engines && !semver.satisfies(version, module.engines)
          ? ` (its package declares Node ${module.engines})`
          : '';
      unavailable.set(specifier, `${failure} on Node v${version}${label}`);
      continue;
    }
    throw new RuntimeCheckError(
      `${processName} cannot run on Node v${version}: ${specifier} (${module.role}) ${failure}. ` +
        `If its install is broken, \`npm rebuild ${specifier}\` mends it; otherwise it needs Node ${module.engines ?? productRange}. ${NODE_FIX}`,
    );
  }
  return { node: version, unavailable };
}

/** checkRuntime for a process's entry: its message on stderr and exit 1 instead of a throw. */
export function checkRuntimeOrExit(processName: string, modules: NativeModule[]): RuntimeReport {
  try {
    return checkRuntime(processName, modules);
  } catch (error) {
    console.error(error instanceof RuntimeCheckError ? error.message : `${processName}: ${String(error)}`);
    process.exit(1);
  }
}
