// `npm test`: every check CI runs, in order: typecheck, lint and format, unit tests, integration
// tests (SQLite, plus MySQL when TEST_MYSQL_URL is set), the production build, and browser tests
// against the product started as `npm start` starts it, and the quicker fault tests (tests/faults/).
// Runs every step and fails if any failed.
//   npm test -- --only unit,integration     run some steps only
//   npm test -- --this-node                 on this machine's Node, not Node 22
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { markBuilt } from './lib/build-freshness.mjs';
import { rerunOn, TESTED_NODE_MAJOR } from './lib/node-line.mjs';
import { run } from './lib/processes.mjs';

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
if (!skipServices) {
  console.log('━━ services ━━ (Chromium, MariaDB, Redis, HAProxy)');
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
  console.log(
    `MySQL: ${process.env.TEST_MYSQL_URL ?? 'none'}  Redis: ${process.env.TEST_REDIS_URL ?? 'none'}`,
  );
}

/** CI=true, CI=1 and the like, as CI services set it; CI=false or empty is a person's machine. */
function isCi(value) {
  return value !== undefined && value !== '' && !/^(0|false|no)$/i.test(value);
}

const vitest = (project) => async () => {
  const outputFile = join(reports, `${project}.json`);
  const code = await run(bin('vitest'), [
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${outputFile}`,
  ]);
  return { code, outputFile };
};

const steps = [
  {
    name: 'typecheck',
    run: async () => ({
      code:
        (await run(bin('tsc'), ['-p', 'tsconfig.json'])) ||
        (await run(bin('tsc'), ['-p', 'ui/tsconfig.json'])),
    }),
  },
  {
    name: 'lint',
    run: async () => ({
      code:
        (await run(bin('eslint'), ['.', '--max-warnings=0'])) ||
        (await run(bin('prettier'), ['--check', '--log-level=warn', '.'])),
    }),
  },
  { name: 'unit', run: vitest('unit') },
  { name: 'integration', run: vitest('integration') },
  {
    name: 'build',
    run: async () => {
      const code = await run('npm', ['run', '--silent', 'build']);
      if (code === 0) markBuilt(root);
      return { code };
    },
  },
  { name: 'security', run: vitest('security') },
  { name: 'browser', run: vitest('browser') },
  { name: 'faults', run: vitest('faults') },
  { name: 'newcomer', run: vitest('newcomer') },
];

let passedTests = 0;
let failedTests = 0;
const results = [];
// Names and first message lines of failed tests, repeated in the summary so that the end of a CI
// log alone says what failed.
const failures = [];
const retried = [];
for (const step of steps) {
  if (only && !only.has(step.name)) continue;
  console.log(`\n━━ ${step.name} ━━`);
  const started = Date.now();
  const { code, outputFile } = await step.run();
  if (outputFile && existsSync(outputFile)) {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    passedTests += report.numPassedTests ?? 0;
    failedTests += report.numFailedTests ?? 0;
    failures.push(...failedTestsOf(report, step.name));
    retried.push(...retriedTestsOf(report, step.name));
  }
  results.push({ name: step.name, ok: code === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}

console.log('\n━━ summary ━━');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name.padEnd(12)} ${r.seconds}s`);
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
