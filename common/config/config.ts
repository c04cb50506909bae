/**
 * The one typed configuration of the servers and scripts, parsed from an environment-like record.
 * Each setting is declared once, in `SETTINGS`: its variable, what the variable allows (its check,
 * the words saying so, whether it is secret), its default, how its text becomes the value, and its
 * field. The configuration's schema (`APP_CONFIG_SCHEMA`, whose static type is `AppConfig`), the
 * environment's (`ENV_SCHEMA`, every variable a string, as in the environment) and `parseConfig`
 * are derived from it. Pure (no process access) so it is unit-tested directly; `api/` and
 * `realtime/` call it with process.env and stop at start-up with every problem listed, naming the
 * variable and what it allows.
 */
import ipaddr from 'ipaddr.js';
import Type, { type Static } from 'typebox';
import Value from 'typebox/value';
import { isValidEmailAddress } from '../contact/messages.ts';
import { ANY_TEXT, baseUrl, entriesOf, isUrl, listOf, oneOf, text, url, whole, yesOrNo } from './kinds.ts';
import { optional, setting, textSchemaOf, valueOf, type Setting } from './setting.ts';

/** data.police.uk's archive of every published month, as `npm run import -- --latest` reads it. */
export const DEFAULT_POLICE_ARCHIVE_URL = 'https://data.police.uk/data/archive/latest.zip';

/** The ports mail servers listen on: 25 (relay), 465 (TLS), 587 (submission), 2525 (common alternative). */
export const DEFAULT_SMTP_PORTS: readonly number[] = [25, 465, 587, 2525];

// proxy-addr's names for the private ranges (the way Fastify's trustProxy reads them).
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * The widest range TRUST_PROXY may name: a /8 of IPv4 (10.0.0.0/8, the largest private range)
 * or a /32 of IPv6 (a whole provider's allocation). Anything wider (0.0.0.0/0, ::/0, 0.0.0.0/1…)
 * trusts addresses that are not the operator's proxies, so a client from there writes its own
 * address. IPv6's private ranges are wider than /32: name them (`uniquelocal`, `linklocal`).
 */
export const TRUST_PROXY_MIN_PREFIX = { ipv4: 8, ipv6: 32 } as const;
// proxy-addr reads `::ffff:a.b.c.d/n` as the IPv4 range a.b.c.d/(n - 96).
const IPV4_MAPPED_BITS = 96;

type ProxyEntryCheck = 'ok' | 'invalid' | 'too-wide';

/**
 * A proxy's address as written in TRUST_PROXY: IPv4 only in its four decimal parts (ipaddr.js
 * would also read `10.1`, hex and octal, which nobody means for a proxy), IPv6 without a zone.
 */
function proxyAddressOf(text: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  if (ipaddr.IPv4.isValidFourPartDecimal(text)) return ipaddr.IPv4.parse(text);
  if (ipaddr.IPv6.isValid(text) && !text.includes('%')) return ipaddr.IPv6.parse(text);
  return undefined;
}

/** An address, `address/prefix` or proxy-addr range name, as Fastify's trustProxy accepts it. */
function checkProxyEntry(entry: string): ProxyEntryCheck {
  if (PROXY_RANGE_NAMES.includes(entry)) return 'ok';
  const [text = '', prefix, ...rest] = entry.split('/');
  const address = proxyAddressOf(text);
  if (rest.length > 0 || !address) return 'invalid';
  if (prefix === undefined) return 'ok';
  const v4 = address instanceof ipaddr.IPv4;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > (v4 ? 32 : 128)) return 'invalid';
  const bits = Number(prefix);
  if (v4) return bits >= TRUST_PROXY_MIN_PREFIX.ipv4 ? 'ok' : 'too-wide';
  if (address.isIPv4MappedAddress()) {
    return bits - IPV4_MAPPED_BITS >= TRUST_PROXY_MIN_PREFIX.ipv4 ? 'ok' : 'too-wide';
  }
  return bits >= TRUST_PROXY_MIN_PREFIX.ipv6 ? 'ok' : 'too-wide';
}

const NO_PROXY = /^(false|no|off|0+)$/i;
const HOPS = /^\d+$/;

/**
 * TRUST_PROXY: unset/false/0 trusts no proxy; a whole number trusts that many hops; otherwise a
 * comma-separated list of proxy addresses or CIDR ranges. `true` is refused: it would take the
 * left-most X-Forwarded-For address, which any client can write; so are ranges that amount to the
 * same (`0.0.0.0/0`, `::/0`, anything wider than TRUST_PROXY_MIN_PREFIX).
 */
function isTrustProxy(text: string): boolean {
  if (NO_PROXY.test(text)) return true;
  if (HOPS.test(text) && Number(text) <= 10) return true;
  return listOf(text).every((entry) => checkProxyEntry(entry) === 'ok');
}

function trustProxyOf(text: string) {
  if (NO_PROXY.test(text)) return false;
  return HOPS.test(text) ? Number(text) : listOf(text);
}

const HEX_KEY = /^[0-9a-fA-F]{64}$/;
const isHexKey = (key: string) => HEX_KEY.test(key);
const HTTP = ['http:', 'https:'];

// The settings other settings' defaults are computed from.
const NODE_ENV = setting('NODE_ENV', oneOf(['development', 'production', 'test']), {
  default: 'development',
  about:
    '`npm start` runs the servers as `production`, `npm run dev` as `development`; the tests set `test`.',
  shown: 'development (`npm start`: production)',
});
const PORT = setting('PORT', whole(0, 65535), {
  default: 3000,
  about: 'API port; the API also serves the built UI.',
});
const DATA_DIR = setting('DATA_DIR', ANY_TEXT, {
  default: 'data',
  about: 'Folder of the SQLite file, the generated sample and the generated secret key file.',
});

/**
 * Every setting, in the order a wrong variable is reported: the field's name, then its variable,
 * the kind of text the variable holds, its default (`optional`: none, the field is undefined) and
 * what a reader is told of it (docs/configuration.md and .env.example are written from this).
 */
const SETTINGS = {
  nodeEnv: NODE_ENV,
  host: setting('HOST', ANY_TEXT, { default: '0.0.0.0', about: 'The interface the servers listen on.' }),
  apiPort: PORT,
  realtimePort: setting('REALTIME_PORT', whole(0, 65535), {
    default: 3001,
    about: 'Realtime (Socket.IO) port.',
  }),
  dataDir: DATA_DIR,
  databaseUrl: setting(
    'DATABASE_URL',
    text({
      allows: '"sqlite:<file path>" or "mysql://user:pass@host:port/database"',
      secret: true,
      check: (written) =>
        written.startsWith('sqlite:') || (written.startsWith('mysql://') && isUrl(written, ['mysql:'])),
    }),
    {
      defaultFrom: (read) => `sqlite:${read(DATA_DIR)}/crime-clock.sqlite`,
      about:
        'The store: `sqlite:<file path>`, or `mysql://user:pass@host:3306/database` for MySQL or MariaDB (the database must exist; docs/operations.md says how to create it).',
      shown: '`sqlite:<DATA_DIR>/crime-clock.sqlite`',
      example: 'mysql://crime_clock:secret@127.0.0.1:3306/crime_clock',
    },
  ),
  redisUrl: optional('REDIS_URL', baseUrl(['redis:', 'rediss:'], true), {
    about:
      'Shares realtime broadcasts between several realtime nodes; Redis 7 or later (sharded pub/sub), checked when a realtime node starts. Set it for the API too: the API then publishes clock data changes (a finished import, new survey figures) on it and the realtime nodes reload within a second, instead of each asking the API every second.',
    example: 'redis://127.0.0.1:6379',
  }),
  apiInternalUrl: setting('API_INTERNAL_URL', baseUrl(HTTP), {
    defaultFrom: (read) => `http://127.0.0.1:${read(PORT)}`,
    about: "Where the realtime server reads clock data from (the API's base URL).",
    shown: '`http://127.0.0.1:<PORT>`',
    example: 'http://api:3000',
  }),
  publicOrigin: optional('PUBLIC_ORIGIN', baseUrl(HTTP), {
    about:
      "The site's public origin. With https it turns on Secure `__Host-` cookies and HSTS; link previews and oEmbed answers write their addresses under it (unset: the request's own plain host). Links in alert mails and Atom feeds use it too (unset there: `http://localhost:<PORT>`, never a request's Host), so set it wherever alerts are sent.",
    example: 'https://crimeclock.example',
  }),
  publicRealtimeUrl: optional('PUBLIC_REALTIME_URL', baseUrl(HTTP), {
    about: 'Where browsers reach the realtime server (behind a proxy, the public address).',
    shown: 'this host on `REALTIME_PORT`',
    example: 'https://crimeclock.example',
  }),
  postcodeApiUrl: optional('POSTCODE_API_URL', baseUrl(HTTP), {
    about: 'A postcodes.io-compatible service that fills postcodes missing from the local table.',
    example: 'https://api.postcodes.io',
  }),
  policeApiUrl: setting('POLICE_API_URL', baseUrl(HTTP), {
    default: 'https://data.police.uk/api',
    about:
      "data.police.uk's API: forces, neighbourhoods and police teams (cached in the database); the scheduled update reads its `crimes-street-dates`.",
  }),
  logLevel: setting('LOG_LEVEL', oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), {
    defaultFrom: (read) => (read(NODE_ENV) === 'test' ? 'silent' : 'info'),
    about: 'The pino log level.',
    shown: 'info (`silent` under `NODE_ENV=test`)',
  }),
  autoSample: setting('AUTO_SAMPLE', yesOrNo, {
    default: true,
    about: 'Import the synthetic sample when the store is empty at start-up (turn it off in production).',
  }),
  secretKey: optional(
    'SECRET_KEY',
    text({
      allows: '64 hexadecimal characters (32 bytes), e.g. from `openssl rand -hex 32`',
      secret: true,
      check: isHexKey,
    }),
    {
      about:
        '64 hex characters (`openssl rand -hex 32`); encrypts stored secrets (the SMTP password) with AES-256-GCM.',
      shown: 'generated `<DATA_DIR>/secret.key` (mode 0600)',
    },
  ),
  secretKeyPrevious: setting(
    'SECRET_KEY_PREVIOUS',
    {
      allows: 'a comma-separated list of 64-hexadecimal-character keys',
      secret: true,
      check: (keys) => entriesOf(keys).every(isHexKey),
      schema: (options) => Type.Array(Type.String(), options),
      parse: entriesOf,
    },
    {
      defaultFrom: () => [],
      about:
        'Comma-separated keys `SECRET_KEY` replaced: values they wrote are still read, and rewritten with the new key at start (docs/operations.md, "Rotate SECRET_KEY").',
      shown: 'unset',
    },
  ),
  metricsToken: optional(
    'METRICS_TOKEN',
    // Sent by a scraper in a header: visible ASCII without spaces or quotes, long enough not to guess.
    text({
      allows: '16 to 256 characters of letters, digits and ._~+/=- (e.g. from `openssl rand -hex 32`)',
      secret: true,
      pattern: '^[A-Za-z0-9._~+/=-]{16,256}$',
    }),
    {
      about:
        'When set, `/metrics` (API and realtime) is served and needs `Authorization: Bearer <token>` (16 to 256 characters); unset, `/metrics` is off (404) on both (docs/operations.md).',
    },
  ),
  trustProxy: setting(
    'TRUST_PROXY',
    {
      allows:
        'false, the number of proxies in front of the API as a hop count from 1 to 10, or a ' +
        'comma-separated list of their addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8) of at least ' +
        `/${TRUST_PROXY_MIN_PREFIX.ipv4} (IPv4) or /${TRUST_PROXY_MIN_PREFIX.ipv6} (IPv6), or loopback, ` +
        'linklocal, uniquelocal; never true or a range like 0.0.0.0/0, which would trust every ' +
        'address a client writes in X-Forwarded-For',
      check: isTrustProxy,
      // What Fastify's trustProxy takes.
      schema: (options) =>
        Type.Union([Type.Literal(false), Type.Integer({ minimum: 1 }), Type.Array(Type.String())], options),
      parse: trustProxyOf,
    },
    {
      default: false,
      about:
        "Behind a reverse proxy, so that login and message throttles see the visitor's address: the proxies' addresses or CIDR ranges (`127.0.0.1,10.0.0.0/8`), or how many proxies stand in front (`1`). `true` and ranges wider than `/8` (IPv4) or `/32` (IPv6), such as `0.0.0.0/0`, are refused: the client writes X-Forwarded-For (docs/limits.md).",
    },
  ),
  smtpAllowedPorts: setting(
    'SMTP_ALLOWED_PORTS',
    {
      allows: `a comma-separated list of ports from 1 to 65535 (default ${DEFAULT_SMTP_PORTS.join(',')})`,
      check: (list) => {
        const ports = entriesOf(list).map(Number);
        return ports.length > 0 && ports.every((p) => Number.isInteger(p) && p >= 1 && p <= 65535);
      },
      schema: (options) => Type.Array(Type.Integer(), options),
      parse: (list) => entriesOf(list).map(Number),
    },
    {
      defaultFrom: () => [...DEFAULT_SMTP_PORTS],
      about:
        "The ports the mail server may be on (checked at the settings' save, their connection test and every send): SMTP's own, unless an operator adds one.",
    },
  ),
  smtpTestsPerMinute: setting('SMTP_TESTS_PER_MINUTE', whole(1, 1000), {
    default: 5,
    about: 'SMTP connection tests one admin may run a minute (counted across API nodes).',
  }),
  httpHeadersTimeoutSeconds: setting('HTTP_HEADERS_TIMEOUT_SECONDS', whole(1, 300), {
    default: 10,
    about: 'API: a client that has not sent its whole request header by then is disconnected (408).',
  }),
  httpRequestTimeoutSeconds: setting('HTTP_REQUEST_TIMEOUT_SECONDS', whole(1, 3600), {
    default: 30,
    about: 'API: the same for the whole request, body included (at least the headers timeout).',
  }),
  httpKeepAliveTimeoutSeconds: setting('HTTP_KEEP_ALIVE_TIMEOUT_SECONDS', whole(1, 600), {
    default: 5,
    about: 'API: an idle keep-alive connection is closed after this.',
  }),
  exportIdleTimeoutSeconds: setting('EXPORT_IDLE_TIMEOUT_SECONDS', whole(1, 3600), {
    default: 30,
    about:
      'API: a download (export) whose reader takes no byte for this long is closed, and its place freed.',
  }),
  apiMaxConnectionsPerAddress: setting('API_MAX_CONNECTIONS_PER_ADDRESS', whole(1, 1_000_000), {
    default: 256,
    about:
      'API: open connections one address may hold; more are closed at once (the proxies `TRUST_PROXY` names are exempt; with a hop count nothing is capped here).',
  }),
  exportsAtOnce: setting('EXPORTS_AT_ONCE', whole(1, 1000), {
    default: 4,
    about:
      'API: whole-result downloads (CSV/JSON exports, public and partner) one node streams at once; beyond it `503 EXPORTS_BUSY` with `Retry-After`.',
  }),
  exportsPerAddress: setting('EXPORTS_PER_ADDRESS', whole(1, 1000), {
    default: 2,
    about:
      'API: downloads one address may have at once (counted across API nodes); beyond it `429 TOO_MANY_EXPORTS` with `Retry-After`.',
  }),
  mapReadsPerAddress: setting('MAP_READS_PER_ADDRESS', whole(1, 1000), {
    default: 2,
    about:
      "API: search maps and map marks' crimes one address may have in flight (counted across API nodes); beyond it `429 TOO_MANY_AT_ONCE` with `Retry-After`.",
  }),
  searchesPerAddress: setting('SEARCHES_PER_ADDRESS', whole(1, 1000), {
    default: 4,
    about:
      "API: crime searches (with visitors' area clock reads, `GET /api/area-clock`) one address may have in flight, and partner searches one API key may have in flight from one address (counted across API nodes); beyond it `429 TOO_MANY_AT_ONCE` with `Retry-After`. An IPv6 /64 counts as one address for these three limits, and the places of an API node that stops are free again after 30 s.",
  }),
  contactEmail: optional(
    'CONTACT_EMAIL',
    text({ allows: 'an email address, e.g. contact@example.org', check: isValidEmailAddress }),
    {
      about:
        'Address of the police clock page\'s "contact us" mail link (served by `GET /api/config`); unset hides the link.',
      example: 'contact@crimeclock.example',
    },
  ),
  realtimeMaxConnections: optional('REALTIME_MAX_CONNECTIONS', whole(1, 10_000_000), {
    about:
      'Open realtime connections one node holds from everyone; more are refused, so the node keeps descriptors for its own work (realtime/src/limits/open-files.ts).',
    shown: 'open-file limit − 2,000 (at least 100; 16,000 where the limit cannot be read)',
  }),
  realtimeMaxConnectionsPerAddress: setting('REALTIME_MAX_CONNECTIONS_PER_ADDRESS', whole(1, 1_000_000), {
    default: 500,
    about:
      'Open realtime connections one visitor address may hold (behind `TRUST_PROXY`, the address the proxy forwarded); more are refused.',
  }),
  realtimeMaxEventsPerSocket: setting('REALTIME_MAX_EVENTS_PER_SOCKET', whole(1, 100_000), {
    default: 30,
    about:
      'Events (joins, leaves, each opening of the namespace) one realtime connection may send per 10 s; a connection over it is closed. Joining a clock the socket already watches only answers again.',
  }),
  realtimeMaxAreaClocks: setting('REALTIME_MAX_AREA_CLOCKS', whole(1, 100_000), {
    default: 1000,
    about:
      'Distinct area clocks (a postcode, force or neighbourhood) one realtime node computes at once; an area room exists only while someone watches it, and a join to a new area beyond this is refused.',
  }),
  realtimeEngine: setting('REALTIME_ENGINE', oneOf(['auto', 'uws', 'node']), {
    default: 'auto',
    about:
      "What carries a realtime node's sockets: `auto` takes uWebSockets.js where it loads and otherwise (a Node line it has no binary for, such as 24 or 26) runs on Socket.IO's own engine over `node:http` with one warning; `uws` refuses to start without uWebSockets.js; `node` never loads it. `/health` (`engine`) and the metric `crime_clock_realtime_engine_info` name the engine in use.",
  }),
  clockRefreshSeconds: setting('CLOCK_REFRESH_SECONDS', whole(1, 86_400), {
    default: 30,
    about:
      "How often each realtime node re-reads the clocks' data in full from the API; a change is seen within a second anyway (each node reads `GET /api/clock-data-version` every second).",
  }),
  outboxRetrySeconds: setting('OUTBOX_RETRY_SECONDS', whole(1, 3600), {
    default: 30,
    about:
      'First wait before an email that failed to send is tried again; it doubles with each further failure, up to an hour. The outbox worker also looks for due messages at least this often.',
  }),
  databaseQueryTimeoutSeconds: setting('DATABASE_QUERY_TIMEOUT_SECONDS', whole(1, 3600), {
    default: 30,
    about:
      'MySQL: a statement of an API request that has had no answer by then fails with 503 and its connection is dropped, so a frozen server cannot hold requests forever (migrations and imports have no limit).',
  }),
  webhookAllowPrivateAddresses: setting('WEBHOOK_ALLOW_PRIVATE_ADDRESSES', yesOrNo, {
    default: false,
    about:
      '`true` lets partner webhooks go to plain `http` and to private, loopback, link-local and other non-public addresses (closed networks, tests); by default only `https` to public addresses, checked after DNS on every delivery (docs/security.md).',
  }),
  mapTileUrl: optional(
    'MAP_TILE_URL',
    text({
      allows:
        'an http or https URL template with {z}, {x} and {y}, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      check: (template) =>
        isUrl(template, HTTP) && ['{z}', '{x}', '{y}'].every((part) => template.includes(part)),
    }),
    {
      about:
        "The search map's base layer: an http(s) tile URL template with `{z}`, `{x}` and `{y}`; the CSP then allows that origin for images. Unset, the map draws the area's boundary and neighbourhoods with their names from the store. OpenStreetMap's own server is for light use under its tile usage policy (https://operations.osmfoundation.org/policies/tiles/): a production site should use its own or a commercial tile server (docs/search.md).",
      example: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    },
  ),
  mapTileAttribution: setting('MAP_TILE_ATTRIBUTION', ANY_TEXT, {
    default: '© OpenStreetMap contributors',
    about: "The tile server's credit, shown on the map.",
  }),
  policeArchiveUrl: setting('POLICE_ARCHIVE_URL', url(HTTP), {
    default: DEFAULT_POLICE_ARCHIVE_URL,
    about: 'The archive `npm run import -- --latest` and the scheduled update download.',
  }),
  dataUpdateIntervalMinutes: optional('DATA_UPDATE_INTERVAL_MINUTES', whole(0, 525_600), {
    about:
      'Minutes between the API\'s checks for a new month of police data (the first within a minute of start); `0` turns them off. A new month is imported from `POLICE_ARCHIVE_URL` in a child `npm run import`, one import at a time (docs/operations.md, "Scheduled data updates").',
    shown: '1440 over real data; off on the synthetic sample',
  }),
};

/**
 * The configuration as the processes read it: the table's fields, each its own schema. The unit
 * tests hold parseConfig's answers to it.
 */
export const APP_CONFIG_SCHEMA = Type.Object(SETTINGS);
export type AppConfig = Static<typeof APP_CONFIG_SCHEMA>;
export type RealtimeEngine = AppConfig['realtimeEngine'];
export type TrustProxy = AppConfig['trustProxy'];

const VARIABLES = Object.values(SETTINGS).map((field) => field.variable);

/** Every environment variable the servers and scripts read, each an optional string its kind allows. */
export const ENV_SCHEMA = Type.Object(
  Object.fromEntries(VARIABLES.map((variable) => [variable.name, textSchemaOf(variable)])),
);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** The schema's variables as set: trimmed, empty ones left out (an empty variable counts as unset). */
function variablesOf(env: Env): Record<string, string> {
  const set: Record<string, string> = {};
  for (const { name } of VARIABLES) {
    const value = env[name]?.trim();
    if (value !== undefined && value !== '') set[name] = value;
  }
  return set;
}

/** One problem per wrong variable, in the table's order, naming it and what it allows. */
function problemsOf(variables: Record<string, string>): string[] {
  const wrong = new Set(Value.Errors(ENV_SCHEMA, variables).map((error) => error.instancePath.slice(1)));
  return VARIABLES.filter(({ name }) => wrong.has(name)).map(({ name, allows, secret }) =>
    secret ? `${name} must be ${allows}` : `${name}="${variables[name]}" must be ${allows}`,
  );
}

/**
 * The configuration of variables without problems, field by field from the table. Checking it
 * against its schema types it AppConfig without a cast (and a parse answering another type than
 * its field's would stop the start here).
 */
function configOf(variables: Record<string, string>): AppConfig {
  const config: Record<string, unknown> = {};
  const settings: [string, Setting<unknown>][] = Object.entries(SETTINGS);
  for (const [field, fieldSetting] of settings) config[field] = valueOf(fieldSetting, variables);
  Value.Assert(APP_CONFIG_SCHEMA, config);
  return config;
}

const { httpRequestTimeoutSeconds: REQUEST_TIMEOUT, httpHeadersTimeoutSeconds: HEADERS_TIMEOUT } = SETTINGS;

/** What no variable says alone: a request is given at least as long as its headers. */
function conflictsOf(config: AppConfig): string[] {
  const [request, headers] = [config.httpRequestTimeoutSeconds, config.httpHeadersTimeoutSeconds];
  if (request >= headers) return [];
  const [requestName, headersName] = [REQUEST_TIMEOUT.variable.name, HEADERS_TIMEOUT.variable.name];
  return [`${requestName} (${request}) must be at least ${headersName} (${headers})`];
}

export function parseConfig(env: Env): AppConfig {
  const variables = variablesOf(env);
  const problems = problemsOf(variables);
  if (problems.length > 0) throw new ConfigError(problems);
  const config = configOf(variables);
  const conflicts = conflictsOf(config);
  if (conflicts.length > 0) throw new ConfigError(conflicts);
  return config;
}

/**
 * Parses the configuration for a process that cannot run without it: on any problem `fail` is
 * called with a message that names the process, each variable and what it allows.
 */
export function configOrFail(env: Env, processName: string, fail: (message: string) => never): AppConfig {
  try {
    return parseConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) fail(`${processName} cannot start. ${error.message}`);
    throw error;
  }
}
