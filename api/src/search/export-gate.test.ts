import { describe, expect, it } from 'vitest';
import { createExportGate } from './export-gate.ts';

const codeOf = (admit: () => unknown) => {
  try {
    admit();
    return 'admitted';
  } catch (error) {
    const { statusCode, code, headers } = error as { statusCode: number; code: string; headers: object };
    return `${statusCode} ${code} ${JSON.stringify(headers)}`;
  }
};

describe('export gate', () => {
  it('admits per address and per node, refuses the rest with Retry-After, and frees a place once', () => {
    const gate = createExportGate({ atOnce: 3, perAddress: 2 });
    const a1 = gate.admit('a');
    gate.admit('a');
    expect(codeOf(() => gate.admit('a'))).toBe('429 TOO_MANY_EXPORTS {"retry-after":"10"}');
    const b1 = gate.admit('b');
    expect(codeOf(() => gate.admit('c'))).toBe('503 EXPORTS_BUSY {"retry-after":"10"}');
    expect(gate.stats()).toMatchObject({ running: 3, addresses: 2 });

    // Released twice (the response's close after an error): one place only.
    a1();
    a1();
    expect(gate.stats()).toMatchObject({ running: 2 });
    expect(codeOf(() => gate.admit('c'))).toBe('admitted');
    expect(codeOf(() => gate.admit('d'))).toBe('503 EXPORTS_BUSY {"retry-after":"10"}');
    b1();
    expect(gate.stats()).toMatchObject({ running: 2, addresses: 2 });
  });

  it('counts the addresses of one IPv6 /64 as one', () => {
    const gate = createExportGate({ atOnce: 10, perAddress: 2 });
    gate.admit('2001:db8:1:2::1');
    gate.admit('2001:db8:1:2::ffff');
    expect(codeOf(() => gate.admit('2001:db8:1:2:abcd::9'))).toBe(
      '429 TOO_MANY_EXPORTS {"retry-after":"10"}',
    );
    expect(codeOf(() => gate.admit('2001:db8:1:3::1'))).toBe('admitted');
  });
});
