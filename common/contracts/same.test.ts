import { describe, expect, it } from 'vitest';
import type { Same } from './same.ts';

// Type-level checks: tsc fails on a line below when `Same` stops telling the two types apart (an
// unused @ts-expect-error is itself an error), so the ties of hand-written types to their schemas
// (clocks.ts, search.ts) hold both ways.
type Base = { readonly id: string };

describe('Same, the tie of a hand-written type to its schema', () => {
  it('holds for identical types and fails for a field either side lacks', () => {
    const identical: Same<Base, { readonly id: string }> = true;
    // @ts-expect-error an optional field only the type has
    const extraInType: Same<Base & { readonly extra?: string }, Base> = true;
    // @ts-expect-error an optional field only the schema has
    const extraInSchema: Same<Base, { readonly id: string; readonly extra?: string }> = true;
    // @ts-expect-error readonly on one side only
    const writable: Same<Base, { id: string }> = true;
    expect([identical, extraInType, extraInSchema, writable]).toEqual([true, true, true, true]);
  });
});
