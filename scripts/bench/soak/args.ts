/** Command line of the soak; every value is bounded and every address is on the loopback network. */
import { isIP } from 'node:net';

export interface SoakArgs {
  minutes: number;
  viewers: number;
  searchRps: number;
  partnerRps: number;
  /** Seconds between two admin actions. */
  adminIntervalS: number;
  /** Seconds between two UI page loads. */
  pageIntervalS: number;
  /** A running cluster's proxy URL; undefined: start one. */
  url: string | undefined;
  /** Attach mode: credentials of an existing admin. */
  adminUser: string | undefined;
  adminPassword: string | undefined;
  /** Attach mode: the cluster's database, to create a temporary soak admin in (and remove it after). */
  databaseUrl: string | undefined;
  json: string | undefined;
  /** Memory growth above this slope (MB per minute, second half of the run) is flagged. */
  rssSlopeLimit: number;
  /** A viewer that receives no tick for this long counts as an error. */
  stallS: number;
  requestTimeoutS: number;
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

export class ArgsError extends Error {
  override name = 'ArgsError';
}

/** True for 127.0.0.0/8, ::1 and localhost. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.split('.')[0] === '127';
  if (isIP(bare) === 6) return bare === '::1' || /^::ffff:127\./i.test(bare);
  return false;
}

/** An http:// URL on a loopback host, as an origin (no path); throws otherwise. */
export function loopbackOrigin(text: string, what: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ArgsError(`${what} is not a URL: ${text}`);
  }
  if (url.protocol !== 'http:') throw new ArgsError(`${what} must be an http:// URL (got ${url.protocol})`);
  if (!isLoopbackHost(url.hostname)) {
    throw new ArgsError(
      `${what} must be on the loopback network (127.x.x.x, ::1, localhost): ${url.hostname}`,
    );
  }
  return url.origin;
}

export function parseArgs(argv: readonly string[], env: NodeJS.ProcessEnv = {}): SoakArgs {
  const args: SoakArgs = {
    minutes: 10,
    viewers: 2000,
    searchRps: 20,
    partnerRps: 5,
    adminIntervalS: 5,
    pageIntervalS: 15,
    url: undefined,
    adminUser: undefined,
    adminPassword: env.SOAK_ADMIN_PASSWORD || undefined,
    databaseUrl: undefined,
    json: undefined,
    rssSlopeLimit: 2,
    stallS: 5,
    requestTimeoutS: 10,
    help: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i]!;
    const value = () => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new ArgsError(`${name} needs a value`);
      return v;
    };
    const number = (min: number, max: number, whole = false) => {
      const v = value();
      const n = Number(v);
      const shape = whole ? /^\d+$/ : /^\d+(\.\d+)?$/;
      if (!shape.test(v) || n < min || n > max) {
        throw new ArgsError(
          `${name} must be a ${whole ? 'whole ' : ''}number from ${min} to ${max} (got "${v}")`,
        );
      }
      return n;
    };
    switch (name) {
      case '--minutes':
        args.minutes = number(0.5, LIMITS.maxMinutes);
        break;
      case '--viewers':
        args.viewers = number(0, LIMITS.maxViewers, true);
        break;
      case '--search-rps':
        args.searchRps = number(0, 500);
        break;
      case '--partner-rps':
        args.partnerRps = number(0, 200);
        break;
      case '--admin-interval':
        args.adminIntervalS = number(1, 600);
        break;
      case '--page-interval':
        args.pageIntervalS = number(1, 600);
        break;
      case '--url':
        args.url = loopbackOrigin(value(), '--url');
        break;
      case '--admin-user':
        args.adminUser = value();
        break;
      case '--admin-password':
        args.adminPassword = value();
        break;
      case '--database-url': {
        const v = value();
        let url: URL;
        try {
          url = new URL(v);
        } catch {
          throw new ArgsError(`--database-url is not a URL: ${v}`);
        }
        if (url.protocol !== 'mysql:') throw new ArgsError('--database-url must be a mysql:// URL');
        if (!isLoopbackHost(url.hostname))
          throw new ArgsError('--database-url must be on the loopback network');
        args.databaseUrl = v;
        break;
      }
      case '--json':
        args.json = value();
        break;
      case '--rss-slope':
        args.rssSlopeLimit = number(0.01, 1000);
        break;
      case '--stall':
        args.stallS = number(2, 300);
        break;
      case '--timeout':
        args.requestTimeoutS = number(1, 120);
        break;
      case '--help':
      case '-h':
        args.help = true;
        break;
      default:
        throw new ArgsError(`unknown option ${name}`);
    }
  }
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
