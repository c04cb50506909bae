import { describe, expect, it } from 'vitest';
import { AREA_LOAD_ERROR_TOAST, LOAD_ERROR_TOAST, loadErrorToast } from './useLiveClock.ts';

describe('the toast of a clock that could not load', () => {
  it("uses the specification's national wording on the national clocks only", () => {
    expect(loadErrorToast()).toBe(LOAD_ERROR_TOAST);
    expect(loadErrorToast('force:kent')).toBe(AREA_LOAD_ERROR_TOAST);
    expect(AREA_LOAD_ERROR_TOAST.description).not.toMatch(/England|Wales|Northern Ireland/);
  });
});
