/** Command line of the soak; every value is bounded and every address is on the loopback network. */
import { isIP } from 'node:net';
import { ArgsError, decimal, readOptions, whole } from '../lib/options.ts';

export { ArgsError };

/** The options that shape the load, echoed in the result so that two runs can be compared. */
export interface SoakSettings {
  minutes: number;
  viewers: number;
  searchRps: number;
  partnerRps: number;
  /** Seconds between two admin actions. */
  adminIntervalS: number;
  /** Seconds between two UI page loads. */
  pageIntervalS: number;
  /** Memory growth above this slope (MB per minute, second half of the run) is flagged. */
  rssSlopeLimit: number;
  /** A viewer that receives no tick for this long counts as an error. */
  stallS: number;
  requestTimeoutS: number;
}

export interface SoakArgs extends SoakSettings {
  /** A running cluster's proxy URL; undefined: start one. */
  url: string | undefined;
  /** Attach mode: HAProxy's stats port, where the nodes behind it are listed. */
  statsUrl: string;
  /** Attach mode: credentials of an existing admin. */
  adminUser: string | undefined;
  adminPassword: string | undefined;
  /** Attach mode: the cluster's database, to create a temporary soak admin in (and remove it after). */
  databaseUrl: string | undefined;
  json: string | undefined;
  help: boolean;
}

export const LIMITS = { maxMinutes: 60, maxViewers: 20_000 } as const;

export const USAGE = `Mixed-load soak of the Crime Clock through the cluster's proxy (loopback only, bounded).

  npx tsx scripts/bench/soak/run.ts [options]

  --minutes M         how long the mixed load runs (default 10, at most ${LIMITS.maxMinutes})
  --viewers N         clock viewers held over websockets (default 2000, at most ${LIMITS.maxViewers})
  --search-rps R      public crime searches per second (default 20, at most 500)
  --partner-rps R     partner API calls per second (default 5, at most 200); a fifth go to a key
                      with a small daily limit, driven past it on purpose (its 429s are expected)
  --admin-interval S  seconds between admin actions (default 5)
  --page-interval S   seconds between UI page loads (default 15)
  --url URL           attach to a running cluster (its proxy, e.g. http://127.0.0.1:8080) instead of
                      starting one; then also --admin-user/--admin-password, or --database-url to
                      create a temporary admin
  --stats-url URL     attach mode: HAProxy's stats port (default http://127.0.0.1:8404)
  --admin-user U      admin username (attach mode; default admin)
  --admin-password P  admin password (attach mode; or SOAK_ADMIN_PASSWORD)
  --database-url URL  the attached cluster's database (mysql://… on loopback)
  --json FILE         also write the whole result as JSON
  --rss-slope MB      flag a process whose RSS grows faster than this, MB/min over the second half
                      (default 2)
  --stall S           a viewer without a tick for S seconds is an error (default 5)
  --timeout S         an HTTP request unanswered after S seconds is an error (default 10)

Without --url it starts MySQL database crime_clock_soak_<random> (dropped at the end) with the
synthetic sample, Redis, two API nodes, two realtime nodes and the proxy (\`npm run build\` first).
Exit code: 0 clean, 1 errors other than the intended 429s, 2 bad arguments, 3 memory growth only.
`;

/** True for 127.0.0.0/8, ::1 and localhost. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.split('.')[0] === '127';
  if (isIP(bare) === 6) return bare === '::1' || /^::ffff:127\./i.test(bare);
  return false;
}

function urlOf(text: string, what: string): URL {
  try {
    return new URL(text);
  } catch {
    throw new ArgsError(`${what} is not a URL: ${text}`);
  }
}

/** An http:// URL on a loopback host, as an origin (no path); throws otherwise. */
export function loopbackOrigin(text: string, what: string): string {
  const url = urlOf(text, what);
  if (url.protocol !== 'http:') throw new ArgsError(`${what} must be an http:// URL (got ${url.protocol})`);
  if (!isLoopbackHost(url.hostname)) {
    throw new ArgsError(
      `${what} must be on the loopback network (127.x.x.x, ::1, localhost): ${url.hostname}`,
    );
  }
  return url.origin;
}

/** A mysql:// URL on a loopback host, unchanged; throws otherwise. */
function loopbackMysqlUrl(text: string): string {
  const url = urlOf(text, '--database-url');
  if (url.protocol !== 'mysql:') throw new ArgsError('--database-url must be a mysql:// URL');
  if (!isLoopbackHost(url.hostname)) throw new ArgsError('--database-url must be on the loopback network');
  return text;
}

export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv = {}): SoakArgs {
  const given = readOptions(argv, {
    minutes: { type: 'string', default: '10' },
    viewers: { type: 'string', default: '2000' },
    'search-rps': { type: 'string', default: '20' },
    'partner-rps': { type: 'string', default: '5' },
    'admin-interval': { type: 'string', default: '5' },
    'page-interval': { type: 'string', default: '15' },
    url: { type: 'string' },
    'stats-url': { type: 'string', default: 'http://127.0.0.1:8404' },
    'admin-user': { type: 'string' },
    'admin-password': { type: 'string' },
    'database-url': { type: 'string' },
    json: { type: 'string' },
    'rss-slope': { type: 'string', default: '2' },
    stall: { type: 'string', default: '5' },
    timeout: { type: 'string', default: '10' },
    help: { type: 'boolean', short: 'h', default: false },
  });
  const args: SoakArgs = {
    minutes: decimal('minutes', given.minutes, 0.5, LIMITS.maxMinutes),
    viewers: whole('viewers', given.viewers, 0, LIMITS.maxViewers),
    searchRps: decimal('search-rps', given['search-rps'], 0, 500),
    partnerRps: decimal('partner-rps', given['partner-rps'], 0, 200),
    adminIntervalS: decimal('admin-interval', given['admin-interval'], 1, 600),
    pageIntervalS: decimal('page-interval', given['page-interval'], 1, 600),
    url: given.url === undefined ? undefined : loopbackOrigin(given.url, '--url'),
    statsUrl: loopbackOrigin(given['stats-url'], '--stats-url'),
    adminUser: given['admin-user'],
    adminPassword: given['admin-password'] ?? (env.SOAK_ADMIN_PASSWORD || undefined),
    databaseUrl: given['database-url'] === undefined ? undefined : loopbackMysqlUrl(given['database-url']),
    json: given.json,
    rssSlopeLimit: decimal('rss-slope', given['rss-slope'], 0.01, 1000),
    stallS: decimal('stall', given.stall, 2, 300),
    requestTimeoutS: decimal('timeout', given.timeout, 1, 120),
    help: given.help,
  };
  if (args.help) return args;
  if (!args.url && (args.adminUser || args.adminPassword || args.databaseUrl)) {
    throw new ArgsError('--admin-user, --admin-password and --database-url go with --url');
  }
  if (args.url && !args.adminPassword && !args.databaseUrl) {
    throw new ArgsError(
      'attaching with --url needs an admin: --admin-password (or SOAK_ADMIN_PASSWORD), or --database-url',
    );
  }
  return args;
}
