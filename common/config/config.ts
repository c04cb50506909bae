/**
 * The one typed configuration of the servers and scripts, parsed from an environment-like record
 * with one TypeBox schema (`ENV_SCHEMA`): every variable is a string there, as in the environment,
 * with what it allows written beside it. Pure (no process access) so it is unit-tested directly;
 * `api/` and `realtime/` call it with process.env and stop at start-up with every problem listed,
 * naming the variable and what it allows.
 *
 * Value.Convert is not used: its coercions are looser than what is promised here ("true" becomes
 * the port 1, "3.5" becomes 3), so numbers are checked as digits and turned into numbers after.
 */
import ipaddr from 'ipaddr.js';
import Type, { type Static, type TSchema } from 'typebox';
import Value from 'typebox/value';
import { isValidEmailAddress } from '../contact/messages.ts';

const NODE_ENVS = ['development', 'production', 'test'] as const;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** What carries a realtime node's sockets: `auto` is uWebSockets.js where it loads, else node:http. */
const REALTIME_ENGINES = ['auto', 'uws', 'node'] as const;

const NodeEnvSchema = Type.Enum(NODE_ENVS);
const LogLevelSchema = Type.Enum(LOG_LEVELS);
const RealtimeEngineSchema = Type.Enum(REALTIME_ENGINES, {
  description: 'REALTIME_ENGINE: `uws` fails to start without uWebSockets.js; `node` never loads it.',
});
const TrustProxySchema = Type.Union(
  [Type.Literal(false), Type.Integer({ minimum: 1 }), Type.Array(Type.String())],
  {
    description:
      "Which proxies' X-Forwarded-For the API believes (Fastify's `trustProxy`): false (none), a hop count, or the proxies' addresses and CIDR ranges. Never \"everyone\": the client writes that header.",
  },
);
export type NodeEnv = Static<typeof NodeEnvSchema>;
export type LogLevel = Static<typeof LogLevelSchema>;
export type RealtimeEngine = Static<typeof RealtimeEngineSchema>;
export type TrustProxy = Static<typeof TrustProxySchema>;

/** A setting with no default: absent (undefined) when its variable is unset. */
const OrUnset = <T extends TSchema>(schema: T, description?: string) =>
  Type.Union([schema, Type.Undefined()], description === undefined ? {} : { description });

/**
 * The configuration as the processes read it, parsed from the environment by `parseConfig`: one
 * schema, whose static type is `AppConfig`, and which the unit tests hold parseConfig's answers to.
 */
export const APP_CONFIG_SCHEMA = Type.Object({
  nodeEnv: NodeEnvSchema,
  host: Type.String(),
  apiPort: Type.Integer(),
  realtimePort: Type.Integer(),
  databaseUrl: Type.String({ description: '`sqlite:` path or `mysql://` URL.' }),
  redisUrl: OrUnset(Type.String()),
  apiInternalUrl: Type.String({
    description: "Where the realtime server reads clock data from (the API's base URL).",
  }),
  publicOrigin: OrUnset(
    Type.String(),
    'Public origin of the site, used for CSRF origin checks and secure cookies; unset = same host.',
  ),
  publicRealtimeUrl: OrUnset(
    Type.String(),
    'Where browsers reach the realtime server; unset = this host on `realtimePort`.',
  ),
  logLevel: LogLevelSchema,
  dataDir: Type.String(),
  autoSample: Type.Boolean({
    description: 'Import the synthetic sample when the store is empty at start-up.',
  }),
  secretKey: OrUnset(Type.String()),
  secretKeyPrevious: Type.Array(Type.String(), {
    description: 'Keys SECRET_KEY replaced: values they wrote are still read, and rewritten with SECRET_KEY.',
  }),
  postcodeApiUrl: OrUnset(Type.String()),
  policeApiUrl: Type.String(),
  trustProxy: TrustProxySchema,
  realtimeMaxConnections: OrUnset(
    Type.Integer(),
    "Open realtime connections one node holds from everyone (REALTIME_MAX_CONNECTIONS); unset: the process's open-file limit less a reserve (realtime/src/limits/open-files.ts).",
  ),
  realtimeMaxConnectionsPerAddress: Type.Integer({
    description: 'Open realtime connections one address may hold (REALTIME_MAX_CONNECTIONS_PER_ADDRESS).',
  }),
  realtimeMaxEventsPerSocket: Type.Integer({
    description:
      'Events one realtime socket may send per 10 s before it is disconnected (REALTIME_MAX_EVENTS_PER_SOCKET).',
  }),
  realtimeMaxAreaClocks: Type.Integer({
    description: 'Distinct area clocks one realtime node computes at most (REALTIME_MAX_AREA_CLOCKS).',
  }),
  realtimeEngine: RealtimeEngineSchema,
  clockRefreshSeconds: Type.Integer({
    description:
      "How often each realtime node re-reads the clocks' data in full (a change is seen within a second).",
  }),
  contactEmail: OrUnset(
    Type.String(),
    'Where the police clock page\'s "contact us" mail link writes to; unset: the page has no such link.',
  ),
  outboxRetrySeconds: Type.Integer({
    description:
      'First wait before an email that failed to send is tried again; it doubles with each further failure, up to an hour. The outbox worker also looks for due messages at least this often.',
  }),
  databaseQueryTimeoutSeconds: Type.Integer({
    description: 'MySQL: the longest a statement of a request may take before its connection is given up.',
  }),
  metricsToken: OrUnset(
    Type.String(),
    'When set, `/metrics` on the API and realtime nodes answers only `Authorization: Bearer <token>`.',
  ),
  mapTileUrl: OrUnset(
    Type.String(),
    "The search map's base layer: a `{z}/{x}/{y}` tile URL template; unset: drawn from the store alone.",
  ),
  mapTileAttribution: Type.String({
    description: 'The credit the tile server asks for, shown on the map (MAP_TILE_ATTRIBUTION).',
  }),
  httpHeadersTimeoutSeconds: Type.Integer({
    description: 'API server: how long a client may take to send its request headers, and its whole request.',
  }),
  httpRequestTimeoutSeconds: Type.Integer(),
  httpKeepAliveTimeoutSeconds: Type.Integer({
    description: 'API server: how long an idle keep-alive connection is kept open.',
  }),
  exportIdleTimeoutSeconds: Type.Integer({
    description:
      'API: how long a download (an export) may go without a byte taken by its reader before it is closed.',
  }),
  apiMaxConnectionsPerAddress: Type.Integer({
    description: 'API server: open connections one address may hold (trusted proxies excepted).',
  }),
  exportsAtOnce: Type.Integer({
    description:
      'Whole-result exports (CSV/JSON) one API node streams at once, and one address at once (on all nodes).',
  }),
  exportsPerAddress: Type.Integer(),
  mapReadsPerAddress: Type.Integer({
    description:
      "Map reads (a search's map and a mark's crimes) one address may have in flight, on all nodes.",
  }),
  searchesPerAddress: Type.Integer({
    description:
      'Searches (public, with area clock reads; partner: per key and address) one address may have in flight, on all nodes.',
  }),
  smtpAllowedPorts: Type.Array(Type.Integer(), {
    description:
      "Ports the SMTP settings may name (saved and tested): SMTP's own, unless an operator adds one.",
  }),
  smtpTestsPerMinute: Type.Integer({
    description: 'SMTP connection tests one admin may run per minute (per API node).',
  }),
  webhookAllowPrivateAddresses: Type.Boolean({
    description:
      'Webhook deliveries may go to private, loopback, link-local addresses and plain http (closed networks, tests).',
  }),
  policeArchiveUrl: Type.String({
    description: 'The data.police.uk archive `npm run import -- --latest` and the scheduled update download.',
  }),
  dataUpdateIntervalMinutes: OrUnset(
    Type.Integer(),
    'Minutes between scheduled checks for new police data (DATA_UPDATE_INTERVAL_MINUTES); 0: off; unset: every 1440 minutes once the store holds real data, off on the synthetic sample.',
  ),
});
export type AppConfig = Static<typeof APP_CONFIG_SCHEMA>;

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

const NO_PROXY = /^(false|no|off|0)$/i;
const HOPS = /^\d+$/;
const listOf = (text: string) => text.split(',').map((entry) => entry.trim());

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

function trustProxyOf(text: string | undefined): TrustProxy {
  if (text === undefined || NO_PROXY.test(text)) return false;
  return HOPS.test(text) ? Number(text) : listOf(text);
}

const TRUE_WORDS = ['1', 'true', 'yes', 'on'];
const BOOLEAN_WORDS = [...TRUE_WORDS, '0', 'false', 'no', 'off'];

function isUrl(text: string, protocols: readonly string[]): boolean {
  try {
    return protocols.includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

const integerList = (text: string) =>
  text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map(Number);

/**
 * Every variable is an optional string; `allows` says in words what it may be, for the message
 * naming it when it is wrong, and `secret` keeps its value out of that message.
 */
interface Rule {
  allows: string;
  secret?: boolean;
}

function variable(rule: Rule, check: (text: string) => boolean, pattern?: string) {
  const schema = Type.Optional(Type.Refine(Type.String({ ...rule, ...(pattern ? { pattern } : {}) }), check));
  return schema as typeof schema & Rule;
}

const whole = (min: number, max: number) =>
  variable(
    { allows: `a whole number from ${min} to ${max}` },
    (text) => Number(text) >= min && Number(text) <= max,
    '^\\d+$',
  );
const oneOf = (values: readonly string[]) =>
  variable({ allows: `one of: ${values.join(', ')}` }, (text) => values.includes(text));
const url = (protocols: readonly string[], secret = false) =>
  variable({ allows: `a ${protocols.join(' or ')} URL`, secret }, (text) => isUrl(text, protocols));
const HEX_KEY = /^[0-9a-fA-F]{64}$/;
const keysOf = (text: string) => listOf(text).filter((key) => key !== '');
const anyText = variable({ allows: 'any text' }, () => true);

/** Every environment variable the servers and scripts read. */
export const ENV_SCHEMA = Type.Object({
  NODE_ENV: oneOf(NODE_ENVS),
  HOST: anyText,
  PORT: whole(0, 65535),
  REALTIME_PORT: whole(0, 65535),
  DATA_DIR: anyText,
  DATABASE_URL: variable(
    { allows: '"sqlite:<file path>" or "mysql://user:pass@host:port/database"', secret: true },
    (text) => text.startsWith('sqlite:') || (text.startsWith('mysql://') && isUrl(text, ['mysql:'])),
  ),
  REDIS_URL: url(['redis:', 'rediss:'], true),
  API_INTERNAL_URL: url(['http:', 'https:']),
  PUBLIC_ORIGIN: url(['http:', 'https:']),
  PUBLIC_REALTIME_URL: url(['http:', 'https:']),
  POSTCODE_API_URL: url(['http:', 'https:']),
  POLICE_API_URL: url(['http:', 'https:']),
  LOG_LEVEL: oneOf(LOG_LEVELS),
  AUTO_SAMPLE: variable({ allows: 'true or false' }, (text) => BOOLEAN_WORDS.includes(text.toLowerCase())),
  SECRET_KEY: variable(
    { allows: '64 hexadecimal characters (32 bytes), e.g. from `openssl rand -hex 32`', secret: true },
    (text) => HEX_KEY.test(text),
  ),
  SECRET_KEY_PREVIOUS: variable(
    { allows: 'a comma-separated list of 64-hexadecimal-character keys', secret: true },
    (text) => keysOf(text).every((key) => HEX_KEY.test(key)),
  ),
  // Sent by a scraper in a header: visible ASCII without spaces or quotes, long enough not to guess.
  METRICS_TOKEN: variable(
    {
      allows: '16 to 256 characters of letters, digits and ._~+/=- (e.g. from `openssl rand -hex 32`)',
      secret: true,
    },
    () => true,
    '^[A-Za-z0-9._~+/=-]{16,256}$',
  ),
  TRUST_PROXY: variable(
    {
      allows:
        'false, the number of proxies in front of the API as a hop count from 1 to 10, or a ' +
        'comma-separated list of their addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8) of at least ' +
        `/${TRUST_PROXY_MIN_PREFIX.ipv4} (IPv4) or /${TRUST_PROXY_MIN_PREFIX.ipv6} (IPv6), or loopback, ` +
        'linklocal, uniquelocal; never true or a range like 0.0.0.0/0, which would trust every ' +
        'address a client writes in X-Forwarded-For',
    },
    isTrustProxy,
  ),
  SMTP_ALLOWED_PORTS: variable(
    { allows: `a comma-separated list of ports from 1 to 65535 (default ${DEFAULT_SMTP_PORTS.join(',')})` },
    (text) => {
      const ports = integerList(text);
      return ports.length > 0 && ports.every((p) => Number.isInteger(p) && p >= 1 && p <= 65535);
    },
  ),
  SMTP_TESTS_PER_MINUTE: whole(1, 1000),
  HTTP_HEADERS_TIMEOUT_SECONDS: whole(1, 300),
  HTTP_REQUEST_TIMEOUT_SECONDS: whole(1, 3600),
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: whole(1, 600),
  EXPORT_IDLE_TIMEOUT_SECONDS: whole(1, 3600),
  API_MAX_CONNECTIONS_PER_ADDRESS: whole(1, 1_000_000),
  EXPORTS_AT_ONCE: whole(1, 1000),
  EXPORTS_PER_ADDRESS: whole(1, 1000),
  MAP_READS_PER_ADDRESS: whole(1, 1000),
  SEARCHES_PER_ADDRESS: whole(1, 1000),
  CONTACT_EMAIL: variable({ allows: 'an email address, e.g. contact@example.org' }, isValidEmailAddress),
  REALTIME_MAX_CONNECTIONS: whole(1, 10_000_000),
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: whole(1, 1_000_000),
  REALTIME_MAX_EVENTS_PER_SOCKET: whole(1, 100_000),
  REALTIME_MAX_AREA_CLOCKS: whole(1, 100_000),
  REALTIME_ENGINE: oneOf(REALTIME_ENGINES),
  CLOCK_REFRESH_SECONDS: whole(1, 86_400),
  OUTBOX_RETRY_SECONDS: whole(1, 3600),
  DATABASE_QUERY_TIMEOUT_SECONDS: whole(1, 3600),
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: variable({ allows: 'true or false' }, (text) =>
    BOOLEAN_WORDS.includes(text.toLowerCase()),
  ),
  MAP_TILE_URL: variable(
    {
      allows:
        'an http or https URL template with {z}, {x} and {y}, e.g. https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    },
    (text) => isUrl(text, ['http:', 'https:']) && ['{z}', '{x}', '{y}'].every((part) => text.includes(part)),
  ),
  MAP_TILE_ATTRIBUTION: anyText,
  POLICE_ARCHIVE_URL: url(['http:', 'https:']),
  DATA_UPDATE_INTERVAL_MINUTES: whole(0, 525_600),
});

export type Environment = Static<typeof ENV_SCHEMA>;

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
  for (const name of Object.keys(ENV_SCHEMA.properties)) {
    const value = env[name]?.trim();
    if (value !== undefined && value !== '') set[name] = value;
  }
  return set;
}

/** One problem per wrong variable, in the schema's order, naming it and what it allows. */
function problemsOf(variables: Record<string, string>): string[] {
  const wrong = new Set(Value.Errors(ENV_SCHEMA, variables).map((error) => error.instancePath.slice(1)));
  return Object.entries(ENV_SCHEMA.properties)
    .filter(([name]) => wrong.has(name))
    .map(([name, { allows, secret }]) =>
      secret ? `${name} must be ${allows}` : `${name}="${variables[name]}" must be ${allows}`,
    );
}

export function parseConfig(env: Env): AppConfig {
  const variables = variablesOf(env);
  const problems = problemsOf(variables);
  const v = variables as Environment;
  const number = (text: string | undefined, fallback: number) =>
    text === undefined ? fallback : Number(text);
  const withoutTrailingSlash = (text: string | undefined) => text?.replace(/\/+$/, '');

  const httpHeadersTimeoutSeconds = number(v.HTTP_HEADERS_TIMEOUT_SECONDS, 10);
  const httpRequestTimeoutSeconds = number(v.HTTP_REQUEST_TIMEOUT_SECONDS, 30);
  if (problems.length === 0 && httpRequestTimeoutSeconds < httpHeadersTimeoutSeconds) {
    problems.push(
      `HTTP_REQUEST_TIMEOUT_SECONDS (${httpRequestTimeoutSeconds}) must be at least HTTP_HEADERS_TIMEOUT_SECONDS (${httpHeadersTimeoutSeconds})`,
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);

  const nodeEnv = (v.NODE_ENV ?? 'development') as NodeEnv;
  const dataDir = v.DATA_DIR ?? 'data';
  const apiPort = number(v.PORT, 3000);
  return {
    nodeEnv,
    host: v.HOST ?? '0.0.0.0',
    apiPort,
    realtimePort: number(v.REALTIME_PORT, 3001),
    databaseUrl: v.DATABASE_URL ?? `sqlite:${dataDir}/crime-clock.sqlite`,
    redisUrl: withoutTrailingSlash(v.REDIS_URL),
    apiInternalUrl: withoutTrailingSlash(v.API_INTERNAL_URL) ?? `http://127.0.0.1:${apiPort}`,
    publicOrigin: withoutTrailingSlash(v.PUBLIC_ORIGIN),
    publicRealtimeUrl: withoutTrailingSlash(v.PUBLIC_REALTIME_URL),
    logLevel: (v.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info')) as LogLevel,
    dataDir,
    autoSample: v.AUTO_SAMPLE === undefined || TRUE_WORDS.includes(v.AUTO_SAMPLE.toLowerCase()),
    secretKey: v.SECRET_KEY,
    secretKeyPrevious: keysOf(v.SECRET_KEY_PREVIOUS ?? ''),
    postcodeApiUrl: withoutTrailingSlash(v.POSTCODE_API_URL),
    policeApiUrl: withoutTrailingSlash(v.POLICE_API_URL) ?? 'https://data.police.uk/api',
    trustProxy: trustProxyOf(v.TRUST_PROXY),
    realtimeMaxConnections:
      v.REALTIME_MAX_CONNECTIONS === undefined ? undefined : number(v.REALTIME_MAX_CONNECTIONS, 0),
    realtimeMaxConnectionsPerAddress: number(v.REALTIME_MAX_CONNECTIONS_PER_ADDRESS, 500),
    realtimeMaxEventsPerSocket: number(v.REALTIME_MAX_EVENTS_PER_SOCKET, 30),
    realtimeMaxAreaClocks: number(v.REALTIME_MAX_AREA_CLOCKS, 1000),
    realtimeEngine: (v.REALTIME_ENGINE ?? 'auto') as RealtimeEngine,
    clockRefreshSeconds: number(v.CLOCK_REFRESH_SECONDS, 30),
    contactEmail: v.CONTACT_EMAIL,
    outboxRetrySeconds: number(v.OUTBOX_RETRY_SECONDS, 30),
    databaseQueryTimeoutSeconds: number(v.DATABASE_QUERY_TIMEOUT_SECONDS, 30),
    metricsToken: v.METRICS_TOKEN,
    mapTileUrl: v.MAP_TILE_URL,
    mapTileAttribution: v.MAP_TILE_ATTRIBUTION ?? '© OpenStreetMap contributors',
    httpHeadersTimeoutSeconds,
    httpRequestTimeoutSeconds,
    httpKeepAliveTimeoutSeconds: number(v.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS, 5),
    exportIdleTimeoutSeconds: number(v.EXPORT_IDLE_TIMEOUT_SECONDS, 30),
    apiMaxConnectionsPerAddress: number(v.API_MAX_CONNECTIONS_PER_ADDRESS, 256),
    exportsAtOnce: number(v.EXPORTS_AT_ONCE, 4),
    exportsPerAddress: number(v.EXPORTS_PER_ADDRESS, 2),
    mapReadsPerAddress: number(v.MAP_READS_PER_ADDRESS, 2),
    searchesPerAddress: number(v.SEARCHES_PER_ADDRESS, 4),
    smtpAllowedPorts:
      v.SMTP_ALLOWED_PORTS === undefined ? [...DEFAULT_SMTP_PORTS] : integerList(v.SMTP_ALLOWED_PORTS),
    smtpTestsPerMinute: number(v.SMTP_TESTS_PER_MINUTE, 5),
    webhookAllowPrivateAddresses: TRUE_WORDS.includes(
      (v.WEBHOOK_ALLOW_PRIVATE_ADDRESSES ?? '').toLowerCase(),
    ),
    policeArchiveUrl: v.POLICE_ARCHIVE_URL ?? DEFAULT_POLICE_ARCHIVE_URL,
    dataUpdateIntervalMinutes:
      v.DATA_UPDATE_INTERVAL_MINUTES === undefined ? undefined : number(v.DATA_UPDATE_INTERVAL_MINUTES, 0),
  };
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
