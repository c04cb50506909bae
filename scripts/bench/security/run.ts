/**
 * Sign-in flood figures on the built API, started as `npm start` runs it:
 *
 *   npm run build:server && npx tsx scripts/bench/security/run.ts [--count 200] [--runs 3] [--mysql URL]
 *                                                                  [--attacker-nice 19]
 *
 * Each run starts a fresh API process (SQLite in a temporary folder, or a fresh database on the
 * MySQL server given), warms it up (a few health probes and one sign-in), then sends `count`
 * wrong sign-ins for `admin` from one address at once and prints the figures of loginFlood().
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../../api/src/db/connection.ts';
import { apiClient, startApiProcess } from '../../../tests/support/api-process.ts';
import { createDatabaseSql } from '../../lib/create-database.ts';
import { loginFlood } from './login-flood.ts';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '200' },
    runs: { type: 'string', default: '3' },
    mysql: { type: 'string' },
    // The flooding thread's nice value: 19 by default (login-flood.ts says why), 0 as the server.
    'attacker-nice': { type: 'string', default: '19' },
  },
});

async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (!args.mysql) {
    const dir = mkdtempSync(join(tmpdir(), 'crime-clock-flood-'));
    return { url: `sqlite:${join(dir, 'flood.sqlite')}`, drop: async () => rmSync(dir, { recursive: true }) };
  }
  const name = `cc_flood_${randomBytes(4).toString('hex')}`;
  const server = openDatabase({ url: args.mysql, poolMax: 1 });
  await server.query(createDatabaseSql(name));
  await server.close();
  const url = new URL(args.mysql);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const again = openDatabase({ url: args.mysql!, poolMax: 1 });
      await again.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await again.close();
    },
  };
}

for (let run = 1; run <= Number(args.runs); run += 1) {
  const db = await freshDatabase();
  const api = await startApiProcess({ DATABASE_URL: db.url });
  try {
    const client = apiClient(api.baseUrl);
    for (let i = 0; i < 5; i += 1) await client.get('/api/health');
    await client.login('admin', api.firstAdminPassword()!);
    const figures = await loginFlood({
      baseUrl: api.baseUrl,
      pid: api.pid,
      username: 'admin',
      count: Number(args.count),
      attackerNice: Number(args['attacker-nice']),
    });
    console.log(`run ${run} (${args.mysql ? 'mysql' : 'sqlite'}):`, JSON.stringify(figures));
  } finally {
    await api.stop();
    await db.drop();
  }
}
