import { describe, expect, it } from 'vitest';
import { firstAdminOf } from './cluster-setup.ts';

describe('first admin of API node 1', () => {
  it('reads the credentials it prints, or nothing', () => {
    const output = '{"level":30}\n\nFirst admin created. Username: admin  Password: s3cr-et_X\n';
    expect(firstAdminOf(output)).toEqual({ username: 'admin', password: 's3cr-et_X' });
    expect(firstAdminOf('{"level":30,"msg":"listening"}')).toBeUndefined();
  });
});
