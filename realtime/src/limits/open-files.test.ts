import { describe, expect, it } from 'vitest';
import { defaultMaxConnections, openFilesLimit, RESERVED_FILES } from './open-files.ts';

const LIMITS = `Limit                     Soft Limit           Hard Limit           Units
Max cpu time              unlimited            unlimited            seconds
Max open files            20000                20000                files
Max locked memory         8388608              8388608              bytes
`;

describe('open files', () => {
  it('reads the soft limit from /proc/self/limits', () => {
    expect(openFilesLimit(() => LIMITS)).toBe(20000);
    expect(
      openFilesLimit(() => LIMITS.replace('20000                20000', 'unlimited            unlimited')),
    ).toBeUndefined();
    expect(
      openFilesLimit(() => {
        throw new Error('no /proc here');
      }),
    ).toBeUndefined();
  });

  it('keeps a reserve below the limit for the node itself', () => {
    expect(defaultMaxConnections(() => 20000)).toBe(20000 - RESERVED_FILES);
    expect(defaultMaxConnections(() => 1024)).toBe(100);
    expect(defaultMaxConnections(() => undefined)).toBe(16000);
  });
});
