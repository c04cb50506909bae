/**
 * Two commits, one benchmark, alternated. These VMs' speed drifts by half within an hour, so A and
 * B take turns (A, B, B, A, A, B, …: each gets the early and the late slot equally) and are
 * compared by their medians and ranges, never by one run each.
 *
 *   npx tsx scripts/bench/ab.ts --a <commit> --b <commit> [--rounds 4] --metric NAME=REGEX … -- <command…>
 *
 * Each commit is checked out once into a worktree under --work (default /tmp/crime-clock-ab) with
 * this checkout's node_modules hard-linked in (the same dependencies on both sides, so only the
 * code differs). <command> runs in that worktree; every --metric's REGEX is matched against its
 * output and its first group read as a number (the last match counts). Every run also reports its
 * CPU seconds (user + system of the command and its children, from bash's `time`): under a loaded
 * machine wall-clock percentiles swing by several times, while the CPU a fixed piece of work costs
 * moves far less, so `cpu_s` is the figure to compare when the machine is busy. `--warmup` runs
 * each side once first, uncounted (a benchmark that generates and caches its data does it then).
 * Prints each run's figures, then per metric A's and B's median and range, and B's median against A's.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ArgsError, argsOrExit, readOptions, whole } from './lib/options.ts';

const USAGE = `usage: npx tsx scripts/bench/ab.ts --a <commit> --b <commit> [--rounds N] [--work DIR]
       --metric NAME=REGEX [--metric …] -- <command…>`;

interface Metric {
  name: string;
  pattern: RegExp;
}

/** bash's `time` prints user and system seconds of the command and everything it started. */
const CPU_MARK = '__ab_cpu_seconds';
const CPU_METRIC: Metric = { name: 'cpu_s', pattern: new RegExp(`${CPU_MARK} ([0-9.]+) ([0-9.]+)`, 'g') };

function parseMetric(text: string): Metric {
  const at = text.indexOf('=');
  if (at < 1) throw new ArgsError(`--metric ${text}: write NAME=REGEX`);
  const pattern = new RegExp(text.slice(at + 1), 'g');
  return { name: text.slice(0, at), pattern };
}

function parse(argv: string[]) {
  const split = argv.indexOf('--');
  const values = readOptions(split < 0 ? argv : argv.slice(0, split), {
    a: { type: 'string' },
    b: { type: 'string' },
    rounds: { type: 'string', default: '4' },
    work: { type: 'string', default: '/tmp/crime-clock-ab' },
    metric: { type: 'string', multiple: true },
    warmup: { type: 'boolean', default: false },
    help: { type: 'boolean' },
  });
  if (values.help) return { help: true, options: undefined, command: [] };
  if (split < 0 || split === argv.length - 1) throw new ArgsError('the command to run goes after --');
  if (!values.a || !values.b) throw new ArgsError('--a and --b name the two commits');
  if (!values.metric?.length) throw new ArgsError('at least one --metric NAME=REGEX');
  return {
    help: false,
    options: {
      a: values.a,
      b: values.b,
      rounds: whole('rounds', values.rounds, 1, 20),
      work: resolve(values.work),
      metrics: [...values.metric.map(parseMetric), CPU_METRIC],
      warmup: values.warmup ?? false,
    },
    command: argv.slice(split + 1),
  };
}

const parsed = argsOrExit(() => parse(process.argv.slice(2)), USAGE);
const options = parsed.options!;
const command = parsed.command;

const root = resolve(import.meta.dirname, '..', '..');

function git(...args: string[]): string {
  const run = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`git ${args.join(' ')}: ${run.stderr.trim()}`);
  return run.stdout.trim();
}

/** A worktree of `commit` with this checkout's node_modules, made once and reused. */
function checkout(commit: string): string {
  const sha = git('rev-parse', '--verify', `${commit}^{commit}`);
  const dir = join(options.work, sha.slice(0, 12));
  if (!existsSync(dir)) {
    mkdirSync(options.work, { recursive: true });
    git('worktree', 'add', '--detach', dir, sha);
    const link = spawnSync('cp', ['-al', join(root, 'node_modules'), join(dir, 'node_modules')]);
    if (link.status !== 0) throw new Error(`could not link node_modules into ${dir}`);
  }
  return dir;
}

function readMetrics(output: string): Record<string, number | undefined> {
  const figures: Record<string, number | undefined> = {};
  for (const { name, pattern } of options.metrics) {
    const matches = [...output.matchAll(pattern)];
    const last = matches.at(-1)?.[1];
    figures[name] = last === undefined ? undefined : Number(last.replaceAll(',', ''));
    if (name === CPU_METRIC.name && matches.length) {
      const [, user, system] = matches.at(-1)!;
      figures[name] = Math.round((Number(user) + Number(system)) * 10) / 10;
    }
  }
  return figures;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const sides = { A: checkout(options.a), B: checkout(options.b) };
const results: Record<'A' | 'B', Record<string, number | undefined>[]> = { A: [], B: [] };
console.log(`A = ${options.a} (${sides.A})\nB = ${options.b} (${sides.B})\ncommand: ${command.join(' ')}`);

/** Runs the command on one side; its figures, or the end of the script if it failed. */
function runOnce(side: 'A' | 'B', label: string): Record<string, number | undefined> {
  const started = Date.now();
  const run = spawnSync('bash', ['-c', `TIMEFORMAT='${CPU_MARK} %3U %3S'; time "$@"`, 'ab', ...command], {
    cwd: sides[side],
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output = `${run.stdout}\n${run.stderr}`;
  writeFileSync(join(options.work, `${label}-${side}.log`), output);
  if (run.status !== 0) {
    console.error(`${label} ${side} failed (exit ${run.status}); its output is in ${options.work}`);
    process.exit(1);
  }
  const figures = readMetrics(output);
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  console.log(
    `${label} ${side} (${seconds} s): ` +
      options.metrics.map(({ name }) => `${name}=${figures[name] ?? 'not found'}`).join(' '),
  );
  return figures;
}

if (options.warmup) for (const side of ['A', 'B'] as const) runOnce(side, 'warm-up');
for (let round = 0; round < options.rounds; round++) {
  // ABBA order: over two rounds each side runs once first and once second.
  const order: ('A' | 'B')[] = round % 2 === 0 ? ['A', 'B'] : ['B', 'A'];
  for (const side of order) results[side].push(runOnce(side, `round${round + 1}`));
}

console.log('\nmetric | A median (range) | B median (range) | B/A');
for (const { name } of options.metrics) {
  const values = (side: 'A' | 'B') =>
    results[side].map((figures) => figures[name]).filter((v): v is number => v !== undefined);
  const a = values('A');
  const b = values('B');
  if (!a.length || !b.length) {
    console.log(`${name} | not found in every run's output`);
    continue;
  }
  const show = (v: number[]) => `${median(v)} (${Math.min(...v)}..${Math.max(...v)})`;
  console.log(`${name} | ${show(a)} | ${show(b)} | ${(median(b) / median(a)).toFixed(3)}`);
}
