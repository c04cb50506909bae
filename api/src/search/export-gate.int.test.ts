import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../../../tests/support/database.ts';
import { leases } from '../db/window-counters.ts';
import { composeExportGate } from '../composition/export-gate.ts';
import type { ExportGate } from './export-gate.ts';
import { addressHash, ephemeralAddressKey } from '../../../server-common/security/address-hash.ts';

// Places are named by a keyed address hash, as the app's are; nodes of one app share its key.
const KEY = ephemeralAddressKey();
const hashed = (address: string) => addressHash(address, KEY);

const codeOf = async (admit: () => Promise<unknown>) => {
  try {
    await admit();
    return 'admitted';
  } catch (error) {
    const { statusCode, code, headers } = error as { statusCode: number; code: string; headers: object };
    return `${statusCode} ${code} ${JSON.stringify(headers)}`;
  }
};

describe.each(testDialects)('export gate on %s', (dialect) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(dialect);
  });
  afterAll(() => db?.drop());

  it('admits per address and per node, refuses the rest with Retry-After, and frees a place once', async () => {
    const gate = composeExportGate({
      atOnce: 3,
      perAddress: 2,
      leases: leases(db.sequelize),
      addressHash: hashed,
    });
    const a1 = await gate.admit('192.0.2.1');
    await gate.admit('192.0.2.1');
    expect(await codeOf(() => gate.admit('192.0.2.1'))).toBe('429 TOO_MANY_EXPORTS {"retry-after":"10"}');
    const b1 = await gate.admit('192.0.2.2');
    expect(await codeOf(() => gate.admit('192.0.2.3'))).toBe('503 EXPORTS_BUSY {"retry-after":"10"}');
    expect(gate.stats()).toMatchObject({ running: 3, addresses: 2 });

    // Released twice (the response's close after an error): one place only.
    await a1();
    await a1();
    expect(gate.stats()).toMatchObject({ running: 2 });
    expect(await codeOf(() => gate.admit('192.0.2.3'))).toBe('admitted');
    expect(await codeOf(() => gate.admit('192.0.2.4'))).toBe('503 EXPORTS_BUSY {"retry-after":"10"}');
    await b1();
    expect(gate.stats()).toMatchObject({ running: 2, addresses: 2 });
  });

  it('counts the addresses of one IPv6 /64 as one', async () => {
    const gate = composeExportGate({
      atOnce: 10,
      perAddress: 2,
      leases: leases(db.sequelize),
      addressHash: hashed,
    });
    await gate.admit('2001:db8:1:2::1');
    await gate.admit('2001:db8:1:2::ffff');
    expect(await codeOf(() => gate.admit('2001:db8:1:2:abcd::9'))).toBe(
      '429 TOO_MANY_EXPORTS {"retry-after":"10"}',
    );
    expect(await codeOf(() => gate.admit('2001:db8:1:3::1'))).toBe('admitted');
  });

  it("counts one address's exports on two nodes together", async () => {
    const [one, two] = [1, 2].map(() =>
      composeExportGate({ atOnce: 10, perAddress: 2, leases: leases(db.sequelize), addressHash: hashed }),
    ) as [ExportGate, ExportGate];
    const first = await one.admit('198.51.100.7');
    await two.admit('198.51.100.7');
    expect(await codeOf(() => one.admit('198.51.100.7'))).toBe('429 TOO_MANY_EXPORTS {"retry-after":"10"}');
    expect(await codeOf(() => two.admit('198.51.100.7'))).toBe('429 TOO_MANY_EXPORTS {"retry-after":"10"}');
    await first();
    expect(await codeOf(() => two.admit('198.51.100.7'))).toBe('admitted');
  });
});
