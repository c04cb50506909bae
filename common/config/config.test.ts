import Value from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { APP_CONFIG_SCHEMA, ConfigError, configOrFail, ENV_SCHEMA, parseConfig } from './config.ts';

/** What the schema finds wrong in a parsed configuration (its type is the schema's static type). */
const schemaProblems = (config: unknown) =>
  Value.Errors(APP_CONFIG_SCHEMA, config).map((e) => `${e.instancePath} ${e.message}`);

describe('parseConfig', () => {
  it('answers what APP_CONFIG_SCHEMA describes, with defaults and with every variable set', () => {
    expect(schemaProblems(parseConfig({}))).toEqual([]);
    const everything = parseConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'mysql://u:p@db:3306/cc',
      REDIS_URL: 'redis://redis:6379',
      PUBLIC_ORIGIN: 'https://example.org',
      SECRET_KEY: 'a'.repeat(64),
      SECRET_KEY_PREVIOUS: 'b'.repeat(64),
      TRUST_PROXY: '10.0.0.0/8,127.0.0.1',
      REALTIME_MAX_CONNECTIONS: '5000',
      REALTIME_ENGINE: 'node',
      CONTACT_EMAIL: 'contact@example.org',
      METRICS_TOKEN: 'abcdefghijklmnop',
      SMTP_ALLOWED_PORTS: '587,2525',
      DATA_UPDATE_INTERVAL_MINUTES: '60',
    });
    expect(schemaProblems(everything)).toEqual([]);
    expect(schemaProblems(parseConfig({ TRUST_PROXY: '2' }))).toEqual([]);
    // The check can fail: a port that is text, or a level no logger knows.
    expect(schemaProblems({ ...everything, apiPort: '3000' })).not.toEqual([]);
    expect(schemaProblems({ ...everything, logLevel: 'loud' })).not.toEqual([]);
  });

  it('serves a local run with no variables set', () => {
    const config = parseConfig({});
    expect(config.apiPort).toBe(3000);
    expect(config.realtimePort).toBe(3001);
    expect(config.databaseUrl).toBe('sqlite:data/crime-clock.sqlite');
    expect(config.redisUrl).toBeUndefined();
    expect(config.apiInternalUrl).toBe('http://127.0.0.1:3000');
  });

  it('reads MySQL and Redis URLs', () => {
    const config = parseConfig({
      DATABASE_URL: 'mysql://root@127.0.0.1:3306/cc',
      REDIS_URL: 'redis://127.0.0.1:6379/',
    });
    expect(config.databaseUrl).toBe('mysql://root@127.0.0.1:3306/cc');
    expect(config.redisUrl).toBe('redis://127.0.0.1:6379');
  });

  it('names every wrong variable and what it allows', () => {
    let error: unknown;
    try {
      parseConfig({
        PORT: 'eighty',
        DATABASE_URL: 'postgres://x',
        NODE_ENV: 'staging',
        REDIS_URL: 'http://x',
        SECRET_KEY: 'short',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT="eighty" must be a whole number/);
    expect(problems).toMatch(/DATABASE_URL must be "sqlite:/);
    expect(problems).toMatch(/NODE_ENV="staging" must be one of: development, production, test/);
    expect(problems).toMatch(/REDIS_URL must be a redis: or rediss: URL/);
    expect(problems).toMatch(/SECRET_KEY must be 64 hexadecimal/);
  });

  it('reads the previous secret keys of a rotation as a list and refuses a malformed one', () => {
    expect(parseConfig({}).secretKeyPrevious).toEqual([]);
    const [a, b] = ['ab'.repeat(32), 'cd'.repeat(32)];
    expect(parseConfig({ SECRET_KEY_PREVIOUS: ` ${a}, ${b} ` }).secretKeyPrevious).toEqual([a, b]);
    expect(() => parseConfig({ SECRET_KEY_PREVIOUS: `${a},nope` })).toThrow(/SECRET_KEY_PREVIOUS must be/);
  });

  it('leaves /metrics open unless METRICS_TOKEN is set, and refuses a token that is short or has spaces', () => {
    expect(parseConfig({}).metricsToken).toBeUndefined();
    const token = 'a'.repeat(8) + '0123456789._~+/=-';
    expect(parseConfig({ METRICS_TOKEN: ` ${token} ` }).metricsToken).toBe(token);
    for (const bad of ['short-token', 'has spaces in the middle', 'quote"quote"quote"', 'x'.repeat(257)]) {
      expect(() => parseConfig({ METRICS_TOKEN: bad })).toThrow(/METRICS_TOKEN must be 16 to 256 characters/);
    }
  });

  it('gives a MySQL statement of the API 30 s unless DATABASE_QUERY_TIMEOUT_SECONDS says otherwise', () => {
    expect(parseConfig({}).databaseQueryTimeoutSeconds).toBe(30);
    expect(parseConfig({ DATABASE_QUERY_TIMEOUT_SECONDS: '5' }).databaseQueryTimeoutSeconds).toBe(5);
    expect(() => parseConfig({ DATABASE_QUERY_TIMEOUT_SECONDS: '0' })).toThrow(
      /DATABASE_QUERY_TIMEOUT_SECONDS="0" must be a whole number from 1 to 3600/,
    );
  });

  it('waits 30 s before retrying a failed email unless OUTBOX_RETRY_SECONDS says otherwise', () => {
    expect(parseConfig({}).outboxRetrySeconds).toBe(30);
    expect(parseConfig({ OUTBOX_RETRY_SECONDS: '2' }).outboxRetrySeconds).toBe(2);
    expect(() => parseConfig({ OUTBOX_RETRY_SECONDS: '0' })).toThrow(
      /OUTBOX_RETRY_SECONDS="0" must be a whole number from 1 to 3600/,
    );
  });

  it('reads an optional contact address and refuses one that is not an email address', () => {
    expect(parseConfig({}).contactEmail).toBeUndefined();
    expect(parseConfig({ CONTACT_EMAIL: ' clocks@example.org ' }).contactEmail).toBe('clocks@example.org');
    for (const bad of ['clocks', 'clocks@example', 'a b@example.org', 'x@example.org\nBcc: y@example.org']) {
      expect(() => parseConfig({ CONTACT_EMAIL: bad })).toThrow(
        /CONTACT_EMAIL=".*" must be an email address/s,
      );
    }
  });

  it('refuses numbers that are not plain digits and words that are not booleans', () => {
    for (const bad of ['true', '3.5', '1e3', '0x10', '-1']) {
      expect(() => parseConfig({ PORT: bad }), bad).toThrow(
        /PORT=".*" must be a whole number from 0 to 65535/,
      );
    }
    expect(parseConfig({ AUTO_SAMPLE: 'Off' }).autoSample).toBe(false);
    expect(() => parseConfig({ AUTO_SAMPLE: 'maybe' })).toThrow(/AUTO_SAMPLE="maybe" must be true or false/);
  });

  it('keeps secrets out of its messages', () => {
    expect(() => parseConfig({ DATABASE_URL: 'postgres://user:hunter2@db/x' })).toThrow(
      /^(?![\s\S]*hunter2)[\s\S]*DATABASE_URL must be/,
    );
  });

  it('treats empty strings as unset', () => {
    expect(parseConfig({ PORT: '', REDIS_URL: '  ' }).apiPort).toBe(3000);
  });
});

describe('the table of settings', () => {
  const problemsFor = (env: Record<string, string>) => {
    try {
      parseConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) return error.problems;
    }
    return [];
  };

  it('gives every field one variable of its own, and every variable a field', () => {
    const variables = Object.values(APP_CONFIG_SCHEMA.properties).map((field) => field.variable.name);
    expect(new Set(variables).size).toBe(variables.length);
    expect([...variables].sort()).toEqual(Object.keys(ENV_SCHEMA.properties).sort());
  });

  it("lists wrong variables in the table's order, not the environment's", () => {
    const problems = problemsFor({ TRUST_PROXY: 'true', LOG_LEVEL: 'loud', PORT: 'x', NODE_ENV: 'staging' });
    const named = problems.map((problem) => /^\w+/.exec(problem)?.[0]);
    const tableOrder = Object.keys(ENV_SCHEMA.properties).filter((name) => named.includes(name));
    expect(named).toEqual(tableOrder);
    expect(named).toHaveLength(4);
  });

  it('keeps the value of every secret variable out of its message, and shows the others', () => {
    const secrets = ['DATABASE_URL', 'REDIS_URL', 'SECRET_KEY', 'SECRET_KEY_PREVIOUS', 'METRICS_TOKEN'];
    const problems = problemsFor(Object.fromEntries(secrets.map((name) => [name, `${name}-hunter2 x`])));
    expect(problems.map((problem) => problem.split(' ')[0])).toEqual(secrets);
    expect(problems.join('\n')).not.toMatch(/hunter2/);
    expect(problemsFor({ PUBLIC_ORIGIN: 'hunter2' })).toEqual([
      'PUBLIC_ORIGIN="hunter2" must be a http: or https: URL',
    ]);
  });

  it('computes the defaults that depend on other settings from their values', () => {
    const config = parseConfig({ DATA_DIR: '/srv/clock', PORT: '8080', NODE_ENV: 'test' });
    expect(config.databaseUrl).toBe('sqlite:/srv/clock/crime-clock.sqlite');
    expect(config.apiInternalUrl).toBe('http://127.0.0.1:8080');
    expect(config.logLevel).toBe('silent');
    expect(parseConfig({ NODE_ENV: 'production' }).logLevel).toBe('info');
    expect(parseConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn' }).logLevel).toBe('warn');
  });

  it('gives each configuration its own default lists', () => {
    const first = parseConfig({});
    first.smtpAllowedPorts.push(1);
    first.secretKeyPrevious.push('a'.repeat(64));
    expect(parseConfig({})).toMatchObject({ smtpAllowedPorts: [25, 465, 587, 2525], secretKeyPrevious: [] });
  });
});

describe('configOrFail', () => {
  it('calls fail with the process name and the problems', () => {
    const fail = (message: string): never => {
      throw new Error(`failed: ${message}`);
    };
    expect(() => configOrFail({ REALTIME_PORT: '70000' }, 'Realtime', fail)).toThrow(
      /failed: Realtime cannot start\. Invalid configuration:\n {2}- REALTIME_PORT="70000" must be a whole number/,
    );
    expect(configOrFail({}, 'Realtime', fail).realtimePort).toBe(3001);
  });
});

describe('TRUST_PROXY', () => {
  const trust = (value: string) => parseConfig({ TRUST_PROXY: value }).trustProxy;

  it('trusts no proxy unless told', () => {
    expect(parseConfig({}).trustProxy).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('0')).toBe(false);
    // No hops written with more digits: still none, not a start-up failure.
    expect(trust('00')).toBe(false);
  });

  it('takes a hop count or the proxies’ addresses and ranges', () => {
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trust('127.0.0.1, 10.0.0.0/8,::1,2001:db8::/32,uniquelocal,loopback')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      '2001:db8::/32',
      'uniquelocal',
      'loopback',
    ]);
    expect(trust('::ffff:10.0.0.0/104')).toEqual(['::ffff:10.0.0.0/104']);
  });

  it('refuses ranges too wide to be the proxies (wider than /8 for IPv4, /32 for IPv6)', () => {
    for (const value of [
      '0.0.0.0/0',
      '::/0',
      '10.0.0.1,0.0.0.0/1',
      '128.0.0.0/7',
      '2000::/3',
      'fd00::/8',
      '::ffff:0.0.0.0/96',
      '::ffff:10.0.0.0/103',
    ]) {
      expect(() => trust(value)).toThrow(
        /TRUST_PROXY="[^"]*" must be .* at least \/8 \(IPv4\) or \/32 \(IPv6\)/,
      );
    }
    expect(trust('1.0.0.0/8')).toEqual(['1.0.0.0/8']);
  });

  it('refuses "trust everyone" with a message naming the variable and what it allows', () => {
    for (const value of ['true', 'TRUE', 'yes', 'on', '*']) {
      expect(() => trust(value)).toThrow(
        /TRUST_PROXY=".*" must be .* hop count .* never true.* which would trust every address/,
      );
      expect(() => trust(value)).toThrow(/number of proxies in front of the API .* addresses or CIDR ranges/);
    }
  });

  it('refuses addresses and ranges that are not', () => {
    // Also IPv4 in forms other than four decimal parts (which ipaddr.js would read), and zones.
    for (const value of [
      '300.1.1.1',
      '10.0.0.0/33',
      'proxy.example',
      '1.2.3.4/8/1',
      '::1/129',
      '11',
      '10.1',
      '010.0.0.1',
      '0x0a.0.0.1',
      '1::2::3',
      'fe80::1%eth0',
      '10.0.0.0/',
      '10.0.0.0/8a',
    ]) {
      expect(() => trust(value)).toThrow(/TRUST_PROXY="[^"]*" must be .* hop count from 1 to 10/);
    }
  });
});

describe('HTTP timeouts and SMTP ports', () => {
  it('has defaults and takes documented variables', () => {
    const defaults = parseConfig({});
    expect(defaults).toMatchObject({
      httpHeadersTimeoutSeconds: 10,
      httpRequestTimeoutSeconds: 30,
      httpKeepAliveTimeoutSeconds: 5,
      smtpAllowedPorts: [25, 465, 587, 2525],
    });
    expect(
      parseConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '2', SMTP_ALLOWED_PORTS: '587, 40025' }),
    ).toMatchObject({ httpHeadersTimeoutSeconds: 2, smtpAllowedPorts: [587, 40025] });
  });

  it('refuses a request timeout shorter than the headers timeout, and bad ports', () => {
    expect(() =>
      parseConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '20', HTTP_REQUEST_TIMEOUT_SECONDS: '10' }),
    ).toThrow(/HTTP_REQUEST_TIMEOUT_SECONDS \(10\) must be at least HTTP_HEADERS_TIMEOUT_SECONDS/);
    expect(() => parseConfig({ SMTP_ALLOWED_PORTS: '587,70000' })).toThrow(/SMTP_ALLOWED_PORTS/);
    expect(() => parseConfig({ SMTP_ALLOWED_PORTS: 'smtp' })).toThrow(/SMTP_ALLOWED_PORTS/);
  });
});
