import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

describe('npm test without its services', () => {
  it('refuses TEST_SERVICES=skip under CI, before running anything', () => {
    const run = spawnSync(process.execPath, ['scripts/test.mjs', '--only', 'unit'], {
      cwd: root,
      env: { ...process.env, CI: 'true', TEST_SERVICES: 'skip' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/TEST_SERVICES=skip is for local runs only/);
    expect(run.stdout).not.toMatch(/━━ unit ━━/);
  });

  it('fails, naming each service, on a machine where they cannot be installed or started', () => {
    // No programs at all: nothing can be installed (no apt-get) or asked (no mariadb, redis-cli).
    const run = spawnSync('/bin/bash', ['scripts/test-services.sh'], {
      cwd: root,
      env: { PATH: '/nonexistent' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stdout).not.toMatch(/TEST_MYSQL_URL|TEST_REDIS_URL/);
    expect(run.stderr).toMatch(/MISSING: MariaDB/);
    expect(run.stderr).toMatch(/MISSING: Redis/);
    expect(run.stderr).toMatch(/^Test services missing: .*MariaDB.*Redis/m);
  });
});
