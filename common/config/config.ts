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
  trustProxy: boolean;
  /** Open realtime connections one address may hold (REALTIME_MAX_CONNECTIONS_PER_ADDRESS). */
  realtimeMaxConnectionsPerAddress: number;
  /** Events one realtime socket may send per 10 s before it is disconnected (REALTIME_MAX_EVENTS_PER_SOCKET). */
  realtimeMaxEventsPerSocket: number;
  /** How often each realtime node re-reads the police clock's data from the API. */
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
    trustProxy: bool('TRUST_PROXY', false),
    realtimeMaxConnectionsPerAddress: wholeNumber('REALTIME_MAX_CONNECTIONS_PER_ADDRESS', 500, 1, 1_000_000),
    realtimeMaxEventsPerSocket: wholeNumber('REALTIME_MAX_EVENTS_PER_SOCKET', 30, 1, 100_000),
    clockRefreshSeconds: wholeNumber('CLOCK_REFRESH_SECONDS', 30, 1, 86_400),
    contactEmail,
    outboxRetrySeconds: wholeNumber('OUTBOX_RETRY_SECONDS', 30, 1, 3600),
    databaseQueryTimeoutSeconds: wholeNumber('DATABASE_QUERY_TIMEOUT_SECONDS', 30, 1, 3600),
    metricsToken,
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
