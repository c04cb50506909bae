import { describe, expect, it } from 'vitest';
import { ConfigError, configOrFail, parseConfig } from './config.ts';

describe('parseConfig', () => {
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
    expect(problems).toMatch(/NODE_ENV="staging" is not allowed; use one of: development, production, test/);
    expect(problems).toMatch(/REDIS_URL must start with redis: or rediss:/);
    expect(problems).toMatch(/SECRET_KEY must be 64 hexadecimal/);
  });

  it('treats empty strings as unset', () => {
    expect(parseConfig({ PORT: '', REDIS_URL: '  ' }).apiPort).toBe(3000);
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
