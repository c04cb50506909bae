// `npm test`: every check CI runs: typecheck, lint and format, unit tests, integration tests
// (SQLite, plus MySQL when TEST_MYSQL_URL is set), the production build, then on that one build
// the floods, the browser tests against the product started as `npm start` starts it, the quicker
// fault tests (tests/faults/) and the newcomer's fresh clone. Independent steps run side by side
// (see the list of steps below); each step's output is printed whole when it ends, and the summary
// gives each step's start and time. Runs every step and fails if any failed.
//   npm test -- --only unit,integration     run some steps only
//   npm test -- --this-node                 on this machine's Node, not Node 22
//   TEST_PARALLEL=1 npm test                one step at a time, output as it comes
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIsStale, markBuilt } from './lib/build-freshness.mjs';
import { rerunOn, TESTED_NODE_MAJOR } from './lib/node-line.mjs';
import { run } from './lib/processes.mjs';
import { runSteps } from './lib/steps.mjs';

// Three steps at once on the 2-core machine CI runs on: the product steps wait on timers, sockets and
// the browser as much as they compute, and the checks beside them are single-threaded.
const DEFAULT_PARALLEL = 3;
const HEARTBEAT_MS = 120_000;

// The tests run on the Node line CI and the image use; on another, this command runs itself on it
// (fetched once into ~/.cache/crime-clock). --this-node keeps this Node (the newcomer test runs
// the unit tests so on Node 20 and 24).
if (
  Number(process.versions.node.split('.')[0]) !== TESTED_NODE_MAJOR &&
  !process.argv.includes('--this-node')
) {
  process.exit(
    await rerunOn(
      TESTED_NODE_MAJOR,
      import.meta.url,
      `npm test runs on Node ${TESTED_NODE_MAJOR}, and this is ${process.version}`,
    ),
  );
}

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);
const bin = (name) => join(root, 'node_modules', '.bin', name);
const reports = mkdtempSync(join(tmpdir(), 'crime-clock-tests-'));

const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex > 0 ? new Set(process.argv[onlyIndex + 1].split(',')) : undefined;

// Chromium, MariaDB, Redis and HAProxy: installed or started when missing
// (scripts/test-services.sh), so this one command is all a fresh machine needs, and no test runs
// without them. TEST_SERVICES=skip leaves the machine alone and uses whatever TEST_MYSQL_URL /
// TEST_REDIS_URL say: for a person's local runs only, refused under CI.
const skipServices = process.env.TEST_SERVICES === 'skip';
if (skipServices && isCi(process.env.CI)) {
  console.error(
    'TEST_SERVICES=skip is for local runs only: under CI the test services must be set up. Unset TEST_SERVICES.',
  );
  process.exit(1);
}
let servicesMs;
if (!skipServices) {
  console.log('━━ services ━━ (Chromium, MariaDB, Redis, HAProxy)');
  const servicesStarted = Date.now();
  try {
    const lines = execFileSync('bash', ['scripts/test-services.sh'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    for (const line of lines.toString().split('\n')) {
      const match = /^(TEST_MYSQL_URL|TEST_REDIS_URL)=(.+)$/.exec(line.trim());
      if (match && !process.env[match[1]]) process.env[match[1]] = match[2];
    }
  } catch {
    // test-services.sh has named what is missing on stderr.
    console.error('The test services could not all be set up (see MISSING above): no tests were run.');
    process.exit(1);
  }
  servicesMs = Date.now() - servicesStarted;
  console.log(
    `MySQL: ${process.env.TEST_MYSQL_URL ?? 'none'}  Redis: ${process.env.TEST_REDIS_URL ?? 'none'}`,
  );
}

/** CI=true, CI=1 and the like, as CI services set it; CI=false or empty is a person's machine. */
function isCi(value) {
  return value !== undefined && value !== '' && !/^(0|false|no)$/i.test(value);
}

/**
 * Runs a command with its output in a file of its own, so that steps running side by side do not
 * interleave their lines; the step's output is printed whole when it ends. With one step at a
 * time (liveOutput) the output goes straight to the terminal, as it comes.
 *
 * Side by side, each command runs in a session of its own. Linux gives each session an equal share
 * of the CPU when the machine is busy (autogroup scheduling), so steps in one session would share
 * one share: then a CPU-bound check beside a step that times the product would take the product's
 * CPU, and the run as a whole no more than one share of a shared machine.
 */
let liveOutput = false;
let logCount = 0;
const children = new Set();
async function runLogged(command, args, logs, { live = liveOutput } = {}) {
  if (live) return run(command, args);
  const path = join(reports, `${++logCount}.log`);
  logs.push(path);
  const fd = openSync(path, 'w');
  try {
    return await new Promise((resolve) => {
      const child = spawn(command, args, {
        stdio: ['ignore', fd, fd],
        detached: true,
        // Colours as on a terminal when the summary goes to one.
        env: process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env,
      });
      children.add(child);
      child.on('exit', (code, signal) => {
        children.delete(child);
        resolve(code ?? (signal ? 1 : 0));
      });
      child.on('error', (error) => {
        children.delete(child);
        writeSync(fd, `${command}: ${error.message}\n`);
        resolve(1);
      });
    });
  } finally {
    closeSync(fd);
  }
}

// A session of its own gets no Ctrl-C from the terminal: it is passed on to each, with everything
// it started.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    for (const child of children) {
      try {
        process.kill(-child.pid, signal);
      } catch {
        // already gone
      }
    }
    process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
  });
}

/** Runs commands side by side, each into its own log; the first failed exit code, else 0. */
async function runAll(commands, logs) {
  const own = [];
  const codes = await Promise.all(
    commands.map(([command, args]) => runLogged(command, args, own, { live: false })),
  );
  logs.push(...own);
  if (liveOutput) for (const log of own) process.stdout.write(readFileSync(log, 'utf8'));
  return codes.find((code) => code !== 0) ?? 0;
}

/** One vitest project (or part of one: `args` adds files or --exclude); its exit code and JSON report. */
async function vitestRun(project, logs, args = [], report = project) {
  const outputFile = join(reports, `${report}.json`);
  const code = await runLogged(
    bin('vitest'),
    [
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${outputFile}`,
      ...args,
    ],
    logs,
  );
  return { code, outputFile };
}

const vitest = (project) => async (logs) => {
  const { code, outputFile } = await vitestRun(project, logs);
  return { code, outputFiles: [outputFile] };
};

// Whether this run's build step succeeded (true at once when the run has none); the newcomer step
// starts before the build and waits on this only for its part that runs this checkout's build.
let buildEnded;
const buildOk = new Promise((resolve) => (buildEnded = resolve));

// The newcomer tests that start this checkout's built processes; the others clone, install and
// build on their own, so they need not wait for the build step.
const NEWCOMER_ON_THIS_BUILD = 'tests/newcomer/wrong-node.newcomer.test.ts';

async function newcomer(logs) {
  const clone = await vitestRun('newcomer', logs, ['--exclude', NEWCOMER_ON_THIS_BUILD], 'newcomer-clone');
  if (!(await buildOk)) {
    console.log(`newcomer: ${NEWCOMER_ON_THIS_BUILD} not run: the build failed`);
    return { code: 1, outputFiles: [clone.outputFile] };
  }
  const built = await vitestRun('newcomer', logs, [NEWCOMER_ON_THIS_BUILD], 'newcomer-built');
  return { code: clone.code || built.code, outputFiles: [clone.outputFile, built.outputFile] };
}

// In list order, each step starts as soon as what it needs has ended, a place is free (TEST_PARALLEL
// steps at once; 1 runs them one by one in this order) and no step of its group runs. The steps that
// start the product and time its answers (floods, faults, browser) are one group: they run one after
// another, never beside each other. They come first in the list because they are the longest chain
// (the build, then each of them); the CPU-bound checks fill the places beside them.
const allSteps = [
  {
    name: 'build',
    run: async (logs) => {
      const code = await runLogged('npm', ['run', '--silent', 'build'], logs);
      if (code === 0) markBuilt(root);
      return { code };
    },
  },
  { name: 'security', needs: ['build'], group: 'product', run: vitest('security') },
  { name: 'browser', needs: ['build'], group: 'product', run: vitest('browser') },
  { name: 'faults', needs: ['build'], group: 'product', run: vitest('faults') },
  // Fresh clones that install and build by themselves (what they test), started at once: the
  // longest step; only its last part waits for this checkout's build.
  { name: 'newcomer', run: newcomer },
  { name: 'integration', run: vitest('integration') },
  {
    name: 'typecheck',
    run: async (logs) => ({
      code: await runAll(
        [
          [bin('tsc'), ['-p', 'tsconfig.json']],
          [bin('tsc'), ['-p', 'ui/tsconfig.json']],
        ],
        logs,
      ),
    }),
  },
  {
    name: 'lint',
    run: async (logs) => ({
      code: await runAll(
        [
          [bin('eslint'), ['.', '--max-warnings=0']],
          [bin('prettier'), ['--check', '--log-level=warn', '.']],
        ],
        logs,
      ),
    }),
  },
  { name: 'unit', run: vitest('unit') },
];
const steps = allSteps.filter((step) => !only || only.has(step.name));

// A step that runs the built product, chosen without the build: the build runs too when the one
// on disk is older than its sources (as `npm start` would), so every such step reuses one build.
if (
  only &&
  !only.has('build') &&
  steps.some((step) => step.needs?.includes('build') || step.name === 'newcomer') &&
  buildIsStale(root)
) {
  console.log('The build is older than its sources: it runs first.');
  steps.unshift(allSteps.find((step) => step.name === 'build'));
}
if (!steps.some((step) => step.name === 'build')) buildEnded(true);
const parallel = Math.max(1, Number(process.env.TEST_PARALLEL) || DEFAULT_PARALLEL);
liveOutput = parallel === 1 || steps.length === 1;
console.log(
  `\nSteps: ${steps.map((step) => step.name).join(', ')}; up to ${parallel} at once (TEST_PARALLEL)`,
);

let passedTests = 0;
let failedTests = 0;
// Names and first message lines of failed tests, repeated in the summary so that the end of a CI
// log alone says what failed.
const failures = [];
const retried = [];
const logsOf = new Map(steps.map((step) => [step.name, []]));
const running = new Set();
const began = Date.now();
// Steps side by side print nothing until they end; this says, now and then, that they still run.
const heartbeat = liveOutput
  ? undefined
  : setInterval(() => {
      console.log(`… ${clock(Date.now() - began)} running: ${[...running].join(', ')}`);
    }, HEARTBEAT_MS);

const results = await runSteps(
  steps.map((step) => ({ ...step, run: () => step.run(logsOf.get(step.name)) })),
  {
    parallel,
    onStart(step, startMs) {
      running.add(step.name);
      if (liveOutput) console.log(`\n━━ ${step.name} ━━`);
      else console.log(`▶ ${clock(startMs)} ${step.name} started`);
    },
    onEnd(result) {
      running.delete(result.name);
      if (result.name === 'build') buildEnded(result.ok);
      if (!liveOutput) {
        const how = result.skipped ? `not run: ${result.skipped}` : result.ok ? 'ok' : 'FAILED';
        console.log(
          `\n━━ ${result.name} ━━ (${how}, ${seconds(result.ms)}s, started at ${clock(result.startMs)})`,
        );
        for (const log of logsOf.get(result.name)) process.stdout.write(readFileSync(log, 'utf8'));
      } else if (result.skipped) {
        console.log(`\n━━ ${result.name} ━━ not run: ${result.skipped}`);
      }
      for (const outputFile of result.outputFiles) {
        if (!existsSync(outputFile)) continue;
        let report;
        try {
          report = JSON.parse(readFileSync(outputFile, 'utf8'));
        } catch (error) {
          failures.push(`  [${result.name}] its test report could not be read: ${error.message}`);
          continue;
        }
        passedTests += report.numPassedTests ?? 0;
        failedTests += report.numFailedTests ?? 0;
        failures.push(...failedTestsOf(report, result.name));
        retried.push(...retriedTestsOf(report, result.name));
      }
    },
  },
);
clearInterval(heartbeat);
const wallMs = Date.now() - began;

console.log('\n━━ summary ━━');
console.log(`${'step'.padEnd(17)}${'start'.padStart(8)}${'took'.padStart(10)}`);
if (servicesMs !== undefined)
  console.log(`ok   ${'services'.padEnd(12)}${'-'.padStart(8)}${`${seconds(servicesMs)}s`.padStart(10)}`);
for (const r of results) {
  const status = r.ok ? 'ok  ' : 'FAIL';
  const took = r.skipped ? `  not run (${r.skipped})` : `${seconds(r.ms)}s`.padStart(10);
  console.log(`${status} ${r.name.padEnd(12)}${clock(r.startMs).padStart(8)}${took}`);
}
const sideBySide = parallel > 1 ? '; steps ran side by side, so their times add up to more' : '';
console.log(`wall clock ${clock(wallMs)} (${seconds(wallMs)}s${sideBySide})`);
const failedSteps = results.filter((r) => !r.ok).length;
console.log(`tests: ${passedTests} passed, ${failedTests} failed`);
if (retried.length > 0) {
  console.log('\npassed only on retry (flaky: mend them):');
  for (const line of retried) console.log(line);
}
if (failures.length > 0) {
  console.log('\nfailed:');
  for (const line of failures) console.log(line);
}
process.exit(failedSteps > 0 ? 1 : 0);

function seconds(ms) {
  return (ms / 1000).toFixed(1);
}

/** +m:ss from the start of the first step. */
function clock(ms) {
  const total = Math.round(ms / 1000);
  return `+${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** Tests that passed, but only after a failed attempt (vitest keeps that attempt's errors). */
function retriedTestsOf(report, stepName) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const path = String(file.name ?? '').replace(`${root}/`, '');
    for (const assertion of file.assertionResults ?? []) {
      if (assertion.status !== 'passed' || !(assertion.failureMessages?.length > 0)) continue;
      const message = firstLine(assertion.failureMessages[0]);
      lines.push(`  [${stepName}] ${path} > ${assertion.fullName}\n      ${message}`);
    }
  }
  return lines;
}

function firstLine(text) {
  return String(text ?? '')
    .split('\n')[0]
    .slice(0, 300);
}

function failedTestsOf(report, stepName) {
  const lines = [];
  for (const file of report.testResults ?? []) {
    const path = String(file.name ?? '').replace(`${root}/`, '');
    const failedAssertions = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const assertion of failedAssertions) {
      const message = firstLine(assertion.failureMessages?.[0]);
      lines.push(`  [${stepName}] ${path} > ${assertion.fullName}\n      ${message}`);
    }
    // a file that failed outside any test (an error in a hook or at import)
    if (file.status === 'failed' && failedAssertions.length === 0) {
      lines.push(`  [${stepName}] ${path}: ${firstLine(file.message ?? 'failed')}`);
    }
  }
  return lines;
}
