// `npm run admin -- <command>`: manages admin accounts from the shell, against the configured
// database (DATABASE_URL, default SQLite), which it first brings up to date.
//   npm run admin -- create <username>         new admin; asks for the password
//   npm run admin -- set-password <username>   new password; signs the account out everywhere
//   npm run admin -- remove-second-factor <username>
//                                              turns its second factor off (secret and recovery
//                                              codes deleted); signs the account out everywhere
//   npm run admin -- list                      the admin usernames
// The password is typed at a prompt that does not echo it, or piped on stdin by a script.
import { existsSync } from 'node:fs';
import { configOrFail, type AppConfig } from '../../common/config/config.ts';
import { createSecurityLog } from '../../api/src/admin/security-log.ts';
import {
  createAdminUserService,
  AdminUserError,
  normaliseUsername,
  usernameProblem,
} from '../../api/src/admin/users.ts';
import { openDatabase } from '../../api/src/db/connection.ts';
import { migrateToLatest } from '../../api/src/db/migrate.ts';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordPolicyProblem,
} from '../../api/src/security/passwords.ts';
import { readPassword } from './read-password.ts';

const USAGE = `Usage:
  npm run admin -- create <username>
  npm run admin -- set-password <username>
  npm run admin -- remove-second-factor <username>
  npm run admin -- list`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function askPassword(): Promise<string> {
  const password = await readPassword(
    `Password (${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, not a common one): `,
  );
  const problem = passwordPolicyProblem(password);
  if (problem) fail(problem);
  // Typed passwords are asked twice; a piped one is taken as given.
  if (process.stdin.isTTY && (await readPassword('Repeat the password: ')) !== password) {
    fail('The two passwords differ; nothing was changed.');
  }
  return password;
}

/** The command line's command and username, checked; a wrong one ends the command with its usage. */
function readCommandLine(): { command: string; username: string | undefined } {
  const [command, username, ...extra] = process.argv.slice(2);
  if (!command || extra.length > 0 || (command !== 'list' && !username)) fail(USAGE);
  if (!['create', 'set-password', 'remove-second-factor', 'list'].includes(command))
    fail(`Unknown command "${command}".\n${USAGE}`);
  if (username !== undefined) {
    const problem = usernameProblem(username);
    if (problem) fail(problem);
  }
  return { command, username };
}

/**
 * The admin command's composition root: the one place it opens the store and builds the services
 * it uses (api/src/composition.test.ts holds the rest of scripts/admin/ to building none).
 */
function composeAdminServices(config: AppConfig) {
  const sequelize = openDatabase({ url: config.databaseUrl });
  const users = createAdminUserService({ sequelize });
  // A shell has no visitor address: the lines it writes carry none.
  const securityLog = createSecurityLog({
    sequelize,
    addressHash: () => {
      throw new Error('The admin command records no address.');
    },
  });
  return { sequelize, users, securityLog };
}
type AdminServices = ReturnType<typeof composeAdminServices>;

const FROM_SHELL = 'from the command line (npm run admin)';

async function runCommand(command: string, username: string, { users, securityLog }: AdminServices) {
  if (command === 'list') {
    const admins = await users.list();
    console.log(admins.length ? admins.map((a) => a.username).join('\n') : 'No admins yet.');
  } else if (command === 'create') {
    if (await users.findByUsername(username))
      fail(`The admin "${username}" already exists; use set-password.`);
    const user = await users.create(username, await askPassword());
    await securityLog.record({ kind: 'admin-created', username: user.username, detail: FROM_SHELL });
    console.log(`Created admin "${user.username}".`);
  } else if (command === 'remove-second-factor') {
    const name = (await users.findByUsername(username))?.username;
    if (!name) fail(`There is no admin "${normaliseUsername(username)}".`);
    if (await users.removeSecondFactor(name)) {
      await securityLog.record({ kind: 'second-factor-disabled', username: name, detail: FROM_SHELL });
      console.log(
        `Second factor removed for "${name}": its secret and recovery codes were deleted and its ` +
          'sessions signed out; it signs in with its password alone until a new one is set up.',
      );
    } else {
      console.log(`The admin "${name}" has no second factor on; nothing was changed.`);
    }
  } else {
    if (!(await users.findByUsername(username))) fail(`There is no admin "${username}"; use create.`);
    await users.setPassword(username, await askPassword());
    const changed = (await users.findByUsername(username))!.username;
    await securityLog.record({ kind: 'password-set', username: changed, detail: FROM_SHELL });
    console.log(`Password changed for "${changed}"; its sessions were signed out.`);
  }
}

async function main() {
  const { command, username } = readCommandLine();
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = configOrFail(process.env, 'admin', fail);
  const services = composeAdminServices(config);
  try {
    await migrateToLatest(services.sequelize);
    // `list` takes no username (readCommandLine refused the others without one).
    await runCommand(command, username ?? '', services);
  } catch (error) {
    if (error instanceof AdminUserError) fail(error.message);
    throw error;
  } finally {
    await services.sequelize.close();
  }
}

await main();
