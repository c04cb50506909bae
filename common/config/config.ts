/**
 * The one typed configuration of the servers and scripts, parsed from an environment-like record.
 * Pure (no process access) so it is unit-tested directly; `api/` and `realtime/` call it with
 * process.env and stop at start-up with every problem listed, naming the variable and what it allows.
 */
import { isValidEmailAddress } from '../contact/messages.ts';

export type NodeEnv = 'development' | 'production' | 'test';
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface AppConfig {
  nodeEnv: NodeEnv;
  host: string;
  apiPort: number;
  realtimePort: number;
  /** `sqlite:` path or `mysql://` URL. */
  databaseUrl: string;
  redisUrl: string | undefined;
  /** Where the realtime server reads clock data from (the API's base URL). */
  apiInternalUrl: string;
  /** Public origin of the site, used for CSRF origin checks and secure cookies; unset = same host. */
  publicOrigin: string | undefined;
  /** Where browsers reach the realtime server; unset = this host on `realtimePort`. */
  publicRealtimeUrl: string | undefined;
  logLevel: LogLevel;
  dataDir: string;
  /** Import the synthetic sample when the store is empty at start-up. */
  autoSample: boolean;
  secretKey: string | undefined;
  /** Keys SECRET_KEY replaced: values they wrote are still read, and rewritten with SECRET_KEY. */
  secretKeyPrevious: string[];
  postcodeApiUrl: string | undefined;
  policeApiUrl: string;
  /**
   * Which proxies' X-Forwarded-For the API believes (Fastify's `trustProxy`): false (none), a hop
   * count, or the proxies' addresses and CIDR ranges. Never "everyone": the client writes that header.
   */
  trustProxy: TrustProxy;
  /** Open realtime connections one address may hold (REALTIME_MAX_CONNECTIONS_PER_ADDRESS). */
  realtimeMaxConnectionsPerAddress: number;
  /** Events one realtime socket may send per 10 s before it is disconnected (REALTIME_MAX_EVENTS_PER_SOCKET). */
  realtimeMaxEventsPerSocket: number;
  /** Distinct area clocks one realtime node computes at most (REALTIME_MAX_AREA_CLOCKS). */
  realtimeMaxAreaClocks: number;
  /** How often each realtime node re-reads the clocks' data in full (a change is seen within a second). */
  clockRefreshSeconds: number;
  /** Where the police clock page's "contact us" mail link writes to; unset: the page has no such link. */
  contactEmail: string | undefined;
  /**
   * First wait before an email that failed to send is tried again; it doubles with each further
   * failure, up to an hour. The outbox worker also looks for due messages at least this often.
   */
  outboxRetrySeconds: number;
  /** MySQL: the longest a statement of a request may take before its connection is given up. */
  databaseQueryTimeoutSeconds: number;
  /** When set, `/metrics` on the API and realtime nodes answers only `Authorization: Bearer <token>`. */
  metricsToken: string | undefined;
  /** API server: how long a client may take to send its request headers, and its whole request. */
  httpHeadersTimeoutSeconds: number;
  httpRequestTimeoutSeconds: number;
  /** API server: how long an idle keep-alive connection is kept open. */
  httpKeepAliveTimeoutSeconds: number;
  /** Ports the SMTP settings may name (saved and tested): SMTP's own, unless an operator adds one. */
  smtpAllowedPorts: number[];
  /** SMTP connection tests one admin may run per minute (per API node). */
  smtpTestsPerMinute: number;
}

export type TrustProxy = false | number | string[];

/** The ports mail servers listen on: 25 (relay), 465 (TLS), 587 (submission), 2525 (common alternative). */
export const DEFAULT_SMTP_PORTS: readonly number[] = [25, 465, 587, 2525];

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
// proxy-addr's names for the private ranges (the way Fastify's trustProxy reads them).
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

function isIpv6(text: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(text) || !text.includes(':')) return false;
  try {
    return new URL(`http://[${text}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/** An address, `address/prefix` or proxy-addr range name, as Fastify's trustProxy accepts it. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  if (rest.length > 0) return false;
  const v4 = IPV4.test(address);
  if (!v4 && !isIpv6(address)) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (v4 ? 32 : 128);
}

/**
 * TRUST_PROXY: unset/false/0 trusts no proxy; a whole number trusts that many hops; otherwise a
 * comma-separated list of proxy addresses or CIDR ranges. `true` is refused: it would take the
 * left-most X-Forwarded-For address, which any client can write.
 */
export function parseTrustProxy(value: string | undefined): { value: TrustProxy; problem?: string } {
  const text = value?.trim() ?? '';
  if (text === '' || /^(false|no|off|0)$/i.test(text)) return { value: false };
  if (/^(true|yes|on|\*)$/i.test(text)) {
    return {
      value: false,
      problem:
        `TRUST_PROXY="${text}" would trust every address a client writes in X-Forwarded-For; set the ` +
        'number of proxies in front of the API (e.g. 1) or their addresses or CIDR ranges ' +
        '(e.g. 127.0.0.1,10.0.0.0/8), or false',
    };
  }
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= 10) return { value: hops };
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.filter((entry) => !isProxyAddress(entry));
  if (bad.length > 0) {
    return {
      value: false,
      problem:
        `TRUST_PROXY="${text}" is not allowed (${bad.map((b) => `"${b}"`).join(', ')}); use false, a hop ` +
        'count from 1 to 10, or a comma-separated list of proxy addresses or CIDR ranges (e.g. 127.0.0.1,10.0.0.0/8)',
    };
  }
  return { value: entries };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

const NODE_ENVS: readonly NodeEnv[] = ['development', 'production', 'test'];
const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function parseConfig(env: Env): AppConfig {
  const problems: string[] = [];
  const read = (name: string): string | undefined => {
    const value = env[name]?.trim();
    return value === '' ? undefined : value;
  };

  const oneOf = <T extends string>(name: string, allowed: readonly T[], fallback: T): T => {
    const value = read(name);
    if (value === undefined) return fallback;
    if ((allowed as readonly string[]).includes(value)) return value as T;
    problems.push(`${name}="${value}" is not allowed; use one of: ${allowed.join(', ')}`);
    return fallback;
  };

  const port = (name: string, fallback: number): number => {
    const value = read(name);
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < 0 || n > 65535) {
      problems.push(`${name}="${value}" must be a whole number from 0 to 65535`);
      return fallback;
    }
    return n;
  };

  const wholeNumber = (name: string, fallback: number, min: number, max: number): number => {
    const value = read(name);
    if (value === undefined) return fallback;
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max) {
      problems.push(`${name}="${value}" must be a whole number from ${min} to ${max}`);
      return fallback;
    }
    return n;
  };

  const bool = (name: string, fallback: boolean): boolean => {
    const value = read(name)?.toLowerCase();
    if (value === undefined) return fallback;
    if (['1', 'true', 'yes', 'on'].includes(value)) return true;
    if (['0', 'false', 'no', 'off'].includes(value)) return false;
    problems.push(`${name}="${env[name]}" must be true or false`);
    return fallback;
  };

  const url = (name: string, protocols: readonly string[]): string | undefined => {
    const value = read(name);
    if (value === undefined) return undefined;
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      problems.push(`${name}="${value}" is not a URL; expected ${protocols.join(' or ')} URL`);
      return undefined;
    }
    if (!protocols.includes(parsed.protocol)) {
      problems.push(`${name} must start with ${protocols.join(' or ')} (got ${parsed.protocol})`);
      return undefined;
    }
    return value.replace(/\/+$/, '');
  };

  const nodeEnv = oneOf('NODE_ENV', NODE_ENVS, 'development');
  const dataDir = read('DATA_DIR') ?? 'data';
  const apiPort = port('PORT', 3000);
  const realtimePort = port('REALTIME_PORT', 3001);
  const host = read('HOST') ?? '0.0.0.0';

  let databaseUrl = read('DATABASE_URL') ?? `sqlite:${dataDir}/crime-clock.sqlite`;
  if (!/^sqlite:/.test(databaseUrl) && !/^mysql:\/\//.test(databaseUrl)) {
    problems.push(`DATABASE_URL must be "sqlite:<file path>" or "mysql://user:pass@host:port/database"`);
    databaseUrl = `sqlite:${dataDir}/crime-clock.sqlite`;
  } else if (databaseUrl.startsWith('mysql://')) {
    url('DATABASE_URL', ['mysql:']);
  }

  const secretKey = read('SECRET_KEY');
  if (secretKey !== undefined && !/^[0-9a-fA-F]{64}$/.test(secretKey)) {
    problems.push(
      'SECRET_KEY must be 64 hexadecimal characters (32 bytes), e.g. from `openssl rand -hex 32`',
    );
  }

  const secretKeyPrevious = (read('SECRET_KEY_PREVIOUS') ?? '')
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key !== '');
  if (secretKeyPrevious.some((key) => !/^[0-9a-fA-F]{64}$/.test(key))) {
    problems.push('SECRET_KEY_PREVIOUS must be a comma-separated list of 64-hexadecimal-character keys');
  }

  // Sent by a scraper in a header: visible ASCII without spaces or quotes, long enough not to guess.
  const metricsToken = read('METRICS_TOKEN');
  if (metricsToken !== undefined && !/^[A-Za-z0-9._~+/=-]{16,256}$/.test(metricsToken)) {
    problems.push(
      'METRICS_TOKEN must be 16 to 256 characters of letters, digits and ._~+/=- (e.g. from `openssl rand -hex 32`)',
    );
  }

  const trustProxy = parseTrustProxy(env.TRUST_PROXY);
  if (trustProxy.problem) problems.push(trustProxy.problem);

  const smtpPortsText = read('SMTP_ALLOWED_PORTS');
  const smtpAllowedPorts = (smtpPortsText ?? DEFAULT_SMTP_PORTS.join(','))
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .map(Number);
  if (
    smtpAllowedPorts.length === 0 ||
    smtpAllowedPorts.some((p) => !Number.isInteger(p) || p < 1 || p > 65535)
  ) {
    problems.push(
      `SMTP_ALLOWED_PORTS="${smtpPortsText}" must be a comma-separated list of ports from 1 to 65535 (default ${DEFAULT_SMTP_PORTS.join(',')})`,
    );
  }

  const httpHeadersTimeoutSeconds = wholeNumber('HTTP_HEADERS_TIMEOUT_SECONDS', 10, 1, 300);
  const httpRequestTimeoutSeconds = wholeNumber('HTTP_REQUEST_TIMEOUT_SECONDS', 30, 1, 3600);
  if (httpRequestTimeoutSeconds < httpHeadersTimeoutSeconds) {
    problems.push(
      `HTTP_REQUEST_TIMEOUT_SECONDS (${httpRequestTimeoutSeconds}) must be at least HTTP_HEADERS_TIMEOUT_SECONDS (${httpHeadersTimeoutSeconds})`,
    );
  }

  const contactEmail = read('CONTACT_EMAIL');
  if (contactEmail !== undefined && !isValidEmailAddress(contactEmail)) {
    problems.push(
      `CONTACT_EMAIL="${contactEmail}" is not an email address; expected e.g. contact@example.org`,
    );
  }

  const config: AppConfig = {
    nodeEnv,
    host,
    apiPort,
    realtimePort,
    databaseUrl,
    redisUrl: url('REDIS_URL', ['redis:', 'rediss:']),
    apiInternalUrl: url('API_INTERNAL_URL', ['http:', 'https:']) ?? `http://127.0.0.1:${apiPort}`,
    publicOrigin: url('PUBLIC_ORIGIN', ['http:', 'https:']),
    publicRealtimeUrl: url('PUBLIC_REALTIME_URL', ['http:', 'https:']),
    logLevel: oneOf('LOG_LEVEL', LOG_LEVELS, nodeEnv === 'test' ? 'silent' : 'info'),
    dataDir,
    autoSample: bool('AUTO_SAMPLE', true),
    secretKey,
    secretKeyPrevious,
    postcodeApiUrl: url('POSTCODE_API_URL', ['http:', 'https:']),
    policeApiUrl: url('POLICE_API_URL', ['http:', 'https:']) ?? 'https://data.police.uk/api',
    trustProxy: trustProxy.value,
    realtimeMaxConnectionsPerAddress: wholeNumber('REALTIME_MAX_CONNECTIONS_PER_ADDRESS', 500, 1, 1_000_000),
    realtimeMaxEventsPerSocket: wholeNumber('REALTIME_MAX_EVENTS_PER_SOCKET', 30, 1, 100_000),
    realtimeMaxAreaClocks: wholeNumber('REALTIME_MAX_AREA_CLOCKS', 1000, 1, 100_000),
    clockRefreshSeconds: wholeNumber('CLOCK_REFRESH_SECONDS', 30, 1, 86_400),
    contactEmail,
    outboxRetrySeconds: wholeNumber('OUTBOX_RETRY_SECONDS', 30, 1, 3600),
    databaseQueryTimeoutSeconds: wholeNumber('DATABASE_QUERY_TIMEOUT_SECONDS', 30, 1, 3600),
    metricsToken,
    httpHeadersTimeoutSeconds,
    httpRequestTimeoutSeconds,
    httpKeepAliveTimeoutSeconds: wholeNumber('HTTP_KEEP_ALIVE_TIMEOUT_SECONDS', 5, 1, 600),
    smtpAllowedPorts,
    smtpTestsPerMinute: wholeNumber('SMTP_TESTS_PER_MINUTE', 5, 1, 1000),
  };

  if (problems.length > 0) throw new ConfigError(problems);
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
