// `npm run cluster -- [--port 8080] [--api 2] [--realtime 2] [--data-dir data/cluster] [--no-sample] [--quiet]`
// Starts the docker-compose topology as local processes (see cluster.ts): MySQL from DATABASE_URL
// (default mysql://root@127.0.0.1:3306/crime_clock_cluster, created when missing), Redis from
// REDIS_URL (default redis://127.0.0.1:6379), API and realtime nodes and HAProxy in front
// (deploy/haproxy.cfg; Debian's /usr/sbin/haproxy or HAPROXY_BIN).
// Prints every process's output prefixed with its name; Ctrl-C stops everything it started.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot, startCluster } from './cluster.ts';

if (existsSync(join(repoRoot, '.env'))) process.loadEnvFile(join(repoRoot, '.env'));

const usage =
  'usage: npm run cluster -- [--port N] [--api N] [--realtime N] [--data-dir DIR] [--no-sample] [--quiet]';
let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      port: { type: 'string', default: '8080' },
      api: { type: 'string', default: '2' },
      realtime: { type: 'string', default: '2' },
      'data-dir': { type: 'string', default: join(repoRoot, 'data', 'cluster') },
      'no-sample': { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  }).values;
}
try {
  args = parse();
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  process.exit(2);
}
if (args.help) {
  console.log(usage);
  process.exit(0);
}

const whole = (name: string, value: string, min: number, max: number) => {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < min || n > max) {
    console.error(`--${name} must be a whole number from ${min} to ${max}\n${usage}`);
    process.exit(2);
  }
  return n;
};

const started = Date.now();
console.log('Starting the cluster (database, sample, proxy, API nodes, realtime nodes)...');
try {
  const cluster = await startCluster({
    port: whole('port', args.port, 0, 65535),
    apiNodes: whole('api', args.api, 1, 16),
    realtimeNodes: whole('realtime', args.realtime, 1, 16),
    dataDir: args['data-dir'],
    sample: !args['no-sample'],
    handleSignals: true,
    // The first admin's password is printed once by API node 1: always shown, even with --quiet.
    onOutput: (name, line) => {
      if (!args.quiet || /admin|password|error|fatal/i.test(line)) console.log(`[${name}] ${line}`);
    },
  });
  const rows = [
    ['site, API and realtime (HAProxy)', cluster.url],
    ['proxy status (HAProxy stats)', `${cluster.statsUrl}/stats`],
    ['proxy configuration', cluster.proxyConfig],
    ...cluster.api.map((p) => [p.name, p.url]),
    ...cluster.realtime.map((p) => [p.name, p.url]),
    ['database', cluster.databaseUrl.replace(/\/\/[^@/]*@/, '//…@')],
    ['redis', cluster.redisUrl.replace(/\/\/[^@/]*@/, '//…@')],
    ['data dir', cluster.dataDir],
  ];
  const width = Math.max(...rows.map(([label]) => label!.length));
  console.log(`\nThe cluster is running (started in ${((Date.now() - started) / 1000).toFixed(1)} s):`);
  for (const [label, value] of rows) console.log(`  ${label!.padEnd(width)}  ${value}`);
  console.log('\nCtrl-C stops everything.\n');

  // A node that dies on its own is reported; the others keep running (a cluster survives a node).
  for (const p of cluster.processes) {
    void p.exited().then((how) => console.error(`[${p.name}] exited (${how.signal ?? `code ${how.code}`})`));
  }
} catch (error) {
  console.error(`The cluster did not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
