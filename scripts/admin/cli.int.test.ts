import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { QueryTypes } from 'sequelize';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../tests/support/database.ts';
import { createAdminUserService } from '../../api/src/admin/users.ts';
import { createSessionService } from '../../api/src/admin/sessions.ts';
import { verifyPassword } from '../../api/src/security/passwords.ts';

const root = join(import.meta.dirname, '..', '..');

/** Runs `npm run admin -- ...args` as npm does (tsx), with stdin piped like a script would. */
function runAdmin(databaseUrl: string, args: string[], stdin = '') {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(join(root, 'node_modules', '.bin', 'tsx'), ['scripts/admin/cli.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test' },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

describe.each(testDialects)('npm run admin on %s', (dialect) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(dialect);
  });
  afterAll(async () => {
    await db?.drop();
  });

  const logged = (kind: string) =>
    db.sequelize.query<{ username: string; address_hash: string | null; detail: string }>(
      'SELECT username, address_hash, detail FROM security_events WHERE kind = ?',
      { replacements: [kind], type: QueryTypes.SELECT },
    );
  const hashOf = async (username: string) =>
    (await createAdminUserService({ sequelize: db.sequelize }).findByUsername(username))?.passwordHash;

  it('creates an admin with a piped password', async () => {
    const result = await runAdmin(db.url, ['create', 'Carol'], 'carol first passphrase\n');
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Created admin "carol"');
    expect(await verifyPassword('carol first passphrase', (await hashOf('carol'))!)).toBe(true);
    expect(await logged('admin-created')).toEqual([
      { username: 'carol', address_hash: null, detail: 'from the command line (npm run admin)' },
    ]);
  });

  it('refuses to create an existing admin', async () => {
    const result = await runAdmin(db.url, ['create', 'carol'], 'another password\n');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/already exists/);
  });

  it('refuses a password outside 12 to 128 characters, or a common one', async () => {
    expect((await runAdmin(db.url, ['create', 'dave'], 'short\n')).stderr).toMatch(/at least 12/);
    expect((await runAdmin(db.url, ['create', 'dave'], 'elevenchars\n')).stderr).toMatch(/at least 12/);
    const common = await runAdmin(db.url, ['create', 'dave'], 'qwertyuiop123\n');
    expect(common.code).toBe(1);
    expect(common.stderr).toMatch(/too common/);
    const long = await runAdmin(db.url, ['create', 'dave'], `${'x'.repeat(129)}\n`);
    expect(long.code).toBe(1);
    expect(long.stderr).toMatch(/at most 128/);
    expect(await hashOf('dave')).toBeUndefined();
    expect(await logged('admin-created')).toHaveLength(1);
  });

  it('sets a new password and signs the admin out everywhere', async () => {
    const users = createAdminUserService({ sequelize: db.sequelize });
    const carol = (await users.findByUsername('carol'))!;
    const sessions = createSessionService({ sequelize: db.sequelize, addressHash: (a) => a });
    const { token } = await sessions.create(carol.id);

    const result = await runAdmin(db.url, ['set-password', 'carol'], 'carol second passphrase\n');
    expect(result.code).toBe(0);
    expect(await verifyPassword('carol second passphrase', (await hashOf('carol'))!)).toBe(true);
    expect(await verifyPassword('carol first passphrase', (await hashOf('carol'))!)).toBe(false);
    expect(await sessions.resolve(token)).toBeNull();
    const rows = await db.sequelize.query('SELECT id FROM admin_sessions WHERE user_id = ?', {
      replacements: [carol.id],
      type: QueryTypes.SELECT,
    });
    expect(rows).toHaveLength(0);
    expect(await logged('password-set')).toEqual([
      { username: 'carol', address_hash: null, detail: 'from the command line (npm run admin)' },
    ]);
  });

  it('refuses to set the password of an unknown admin', async () => {
    const result = await runAdmin(db.url, ['set-password', 'nobody'], 'whatever password\n');
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/no admin "nobody"/);
  });

  it('lists admins and explains its usage', async () => {
    expect((await runAdmin(db.url, ['list'])).stdout.trim()).toBe('carol');
    const usage = await runAdmin(db.url, []);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toMatch(/npm run admin -- create <username>/);
    expect((await runAdmin(db.url, ['create', 'bad name!'])).stderr).toMatch(/A username is/);
  });
});
