import { describe, expect, it } from 'vitest';
import { ArgsError, isLoopbackHost, LIMITS, loopbackOrigin, parseArgs } from './args.ts';

const parse = (line: string, env: NodeJS.ProcessEnv = {}) => parseArgs(line ? line.split(' ') : [], env);

describe('soak arguments', () => {
  it('defaults to 10 minutes, 2,000 viewers, 20 searches/s and 5 partner calls/s on a cluster of its own', () => {
    expect(parse('')).toMatchObject({
      minutes: 10,
      viewers: 2000,
      searchRps: 20,
      partnerRps: 5,
      url: undefined,
      json: undefined,
      rssSlopeLimit: 2,
    });
  });

  it('reads every option', () => {
    const args = parse(
      '--minutes 1 --viewers 300 --search-rps 2.5 --partner-rps 1 --admin-interval 3 --page-interval 7 --json /tmp/s.json --rss-slope 0.5 --stall 8 --timeout 4 --url http://127.0.0.1:8080/ --admin-password pw',
    );
    expect(args).toMatchObject({
      minutes: 1,
      viewers: 300,
      searchRps: 2.5,
      partnerRps: 1,
      adminIntervalS: 3,
      pageIntervalS: 7,
      json: '/tmp/s.json',
      rssSlopeLimit: 0.5,
      stallS: 8,
      requestTimeoutS: 4,
      url: 'http://127.0.0.1:8080',
      adminPassword: 'pw',
    });
  });

  it(`refuses more than ${LIMITS.maxMinutes} minutes or ${LIMITS.maxViewers} viewers`, () => {
    expect(parse('--minutes 60 --viewers 20000')).toMatchObject({ minutes: 60, viewers: 20_000 });
    expect(() => parse('--minutes 61')).toThrow(/--minutes must be a number from 0.5 to 60/);
    expect(() => parse('--viewers 20001')).toThrow(/--viewers must be a whole number from 0 to 20000/);
    expect(() => parse('--viewers 1.5')).toThrow(ArgsError);
    expect(() => parse('--search-rps -1')).toThrow(ArgsError);
    expect(() => parse('--minutes')).toThrow(/argument missing/);
    expect(() => parse('--frobnicate 1')).toThrow(/unknown option/i);
  });

  it('attaches only to loopback addresses, and only with a way to sign in as admin', () => {
    expect(() => parse('--url http://10.0.0.5:8080 --admin-password x')).toThrow(/loopback/);
    expect(() => parse('--url https://127.0.0.1:8080 --admin-password x')).toThrow(/http:/);
    expect(() => parse('--url http://127.0.0.1:8080')).toThrow(/needs an admin/);
    expect(parse('--url http://localhost:8080', { SOAK_ADMIN_PASSWORD: 'secret' }).adminPassword).toBe(
      'secret',
    );
    expect(
      parse('--url http://127.0.0.1:8080 --database-url mysql://root@127.0.0.1:3306/x').databaseUrl,
    ).toBe('mysql://root@127.0.0.1:3306/x');
    expect(() => parse('--url http://127.0.0.1:1 --database-url mysql://root@db.example:3306/x')).toThrow(
      /loopback/,
    );
    expect(() => parse('--admin-password x')).toThrow(/go with --url/);
  });

  it('knows the loopback network', () => {
    for (const host of ['127.0.0.1', '127.41.0.2', 'localhost', '::1', '[::1]'])
      expect(isLoopbackHost(host)).toBe(true);
    for (const host of ['10.0.0.1', '0.0.0.0', 'example.com', '128.0.0.1', '::'])
      expect(isLoopbackHost(host)).toBe(false);
    expect(loopbackOrigin('http://[::1]:9000/path', 'x')).toBe('http://[::1]:9000');
  });
});
