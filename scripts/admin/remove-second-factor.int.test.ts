import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { authenticatorCode } from '../../tests/support/authenticator.ts';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../tests/support/database.ts';
import { TEST_SECRET_HEX } from '../../tests/support/admin-app.ts';
import { createSecondFactorService } from '../../api/src/admin/second-factor.ts';
import { createSessionService } from '../../api/src/admin/sessions.ts';
import { createAdminUserService } from '../../api/src/admin/users.ts';
import { composeAdminAuth } from '../../api/src/composition/admin-auth.ts';
import { createRateLimiter } from '../../api/src/security/rate-limit.ts';
import { createSecretBox, secretKeyFromHex } from '../../server-common/security/secret-box.ts';
import { windowCounters } from '../../api/src/db/window-counters.ts';
import { composeCaches } from '../../api/src/composition/caches.ts';

/**
 * `npm run admin -- remove-second-factor <user>`: the operator's way back for an admin locked out
 * by a second factor (authenticator and recovery codes lost, or turned on by someone else).
 */

const root = join(import.meta.dirname, '..', '..');
const PASSWORD = 'hank long passphrase';
const CHEAP = { memoryKiB: 1024, passes: 1, parallelism: 1 };

/** Runs the command as `npm run admin` does: node scripts/cli.mjs admin ...args. */
function runAdmin(databaseUrl: string, args: string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['scripts/cli.mjs', 'admin', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe.each(testDialects)('npm run admin -- remove-second-factor on %s', (dialect) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(dialect);
    await createAdminUserService({ sequelize: db.sequelize, cost: CHEAP }).create('hank', PASSWORD);
  });
  afterAll(async () => {
    await db?.drop();
  });

  const auth = () =>
    composeAdminAuth({
      sequelize: db.sequelize,
      addressHash: (a) => a,
      limiter: createRateLimiter({
        counters: windowCounters(db.sequelize),
        local: composeCaches({}).rateCounts,
      }),
      loginRefunds: composeCaches({}).loginRefunds,
      cost: CHEAP,
    });
  async function signIn(code?: string) {
    const service = auth();
    const attempt = await service.admitSignIn('198.51.100.40');
    return service.login({ attempt, username: 'hank', password: PASSWORD, code });
  }
  const count = async (sql: string, id: number) =>
    Number(
      (await db.sequelize.query<{ n: number }>(sql, { replacements: [id], type: QueryTypes.SELECT }))[0]!.n,
    );

  it('turns the second factor off, ends the sessions and logs it; the password alone signs in again', async () => {
    const hank = (await createAdminUserService({ sequelize: db.sequelize }).findByUsername('hank'))!;
    const secondFactor = createSecondFactorService({
      sequelize: db.sequelize,
      secretBox: createSecretBox(secretKeyFromHex(TEST_SECRET_HEX, 'test key')),
    });
    const { secret } = await secondFactor.beginSetup(hank);
    const recoveryCodes = await secondFactor.confirm(hank, authenticatorCode(secret));
    expect(recoveryCodes).toHaveLength(10);
    const { token } = await createSessionService({ sequelize: db.sequelize, addressHash: (a) => a }).create(
      hank.id,
    );
    // Locked out: the password alone is not enough while the factor is on.
    await expect(signIn()).rejects.toMatchObject({ code: 'SECOND_FACTOR_REQUIRED' });

    const result = await runAdmin(db.url, ['remove-second-factor', 'Hank']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Second factor removed for "hank"');
    expect(result.stdout).toContain('sessions signed out');

    expect(await secondFactor.status(hank.id)).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });
    const [row] = await db.sequelize.query<{ totp_secret_enc: string | null; totp_last_step: number | null }>(
      'SELECT totp_secret_enc, totp_last_step FROM admin_users WHERE id = ?',
      { replacements: [hank.id], type: QueryTypes.SELECT },
    );
    expect(row).toEqual({ totp_secret_enc: null, totp_last_step: null });
    expect(await count('SELECT COUNT(*) AS n FROM admin_recovery_codes WHERE user_id = ?', hank.id)).toBe(0);
    expect(await count('SELECT COUNT(*) AS n FROM admin_sessions WHERE user_id = ?', hank.id)).toBe(0);
    expect(
      await createSessionService({ sequelize: db.sequelize, addressHash: (a) => a }).resolve(token),
    ).toBeNull();
    const logged = await db.sequelize.query(
      `SELECT username, address_hash, detail FROM security_events WHERE kind = 'second-factor-disabled'`,
      { type: QueryTypes.SELECT },
    );
    expect(logged).toEqual([
      { username: 'hank', address_hash: null, detail: 'from the command line (npm run admin)' },
    ]);

    // The way back: the password alone signs in now.
    expect((await signIn()).admin).toEqual({ username: 'hank' });
  });

  it('changes nothing when the account has no second factor on', async () => {
    const result = await runAdmin(db.url, ['remove-second-factor', 'hank']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('The admin "hank" has no second factor on; nothing was changed.');
    expect(
      await db.sequelize.query(`SELECT id FROM security_events WHERE kind = 'second-factor-disabled'`, {
        type: QueryTypes.SELECT,
      }),
    ).toHaveLength(1);
  });

  it('refuses an unknown admin with exit 1, and lists the command in its usage', async () => {
    const unknown = await runAdmin(db.url, ['remove-second-factor', 'Nobody']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('There is no admin "nobody".');
    const usage = await runAdmin(db.url, ['remove-second-factor']);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('npm run admin -- remove-second-factor <username>');
  });
});
