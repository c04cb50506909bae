import { describe, expect, it } from 'vitest';
import { EMBED_PATH, embedKindOf } from './embed-paths.ts';

describe('embed paths', () => {
  it("tells each embed's clock by its path, one trailing slash allowed", () => {
    expect(embedKindOf(EMBED_PATH.csew)).toBe('csew');
    expect(embedKindOf(`${EMBED_PATH.police}/`)).toBe('police');
    expect(embedKindOf('/embed/police-crime-clock')).toBe('police');
  });

  it('takes no other page for an embed', () => {
    for (const path of ['/crime-clock', '/embed/crime-clock-x', '/embed/crime-clock//', '/embed', '/', ''])
      expect(embedKindOf(path), path).toBeNull();
    expect(embedKindOf('/embed/crime-clock/../../admin')).toBeNull();
  });
});
