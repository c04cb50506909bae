import { describe, expect, it } from 'vitest';
import { CSEW_CLOCK_DEFINITION } from '../../../../common/survey/csew-clock.ts';
import { feedReducer, initialFeedState, type FeedState } from './feedState.ts';

const definition = CSEW_CLOCK_DEFINITION;
const newer = { ...definition, version: `${definition.version}-next` };

describe('feedReducer', () => {
  it('goes live with the definition the socket sends', () => {
    const state = feedReducer(initialFeedState, { type: 'definition', definition, via: 'socket' });
    expect(state).toEqual({ status: 'live', definition, error: null });
  });

  it('counts from an API answer without claiming to be live', () => {
    const state = feedReducer(initialFeedState, { type: 'definition', definition, via: 'api' });
    expect(state.status).toBe('polling');
    expect(state.definition).toBe(definition);
  });

  it('stays live when a poll answers while the socket is up', () => {
    const live: FeedState = { status: 'live', definition, error: null };
    expect(feedReducer(live, { type: 'definition', definition, via: 'api' }).status).toBe('live');
  });

  it('keeps the same definition object when the version has not changed', () => {
    const live: FeedState = { status: 'live', definition, error: null };
    const copy = { ...definition };
    const state = feedReducer(live, { type: 'definition', definition: copy, via: 'socket' });
    expect(state).toBe(live);
  });

  it('replaces the definition when its version changes', () => {
    const live: FeedState = { status: 'live', definition, error: null };
    expect(feedReducer(live, { type: 'definition', definition: newer, via: 'socket' }).definition).toBe(
      newer,
    );
  });

  it('reconnects only from live, and keeps the definition meanwhile', () => {
    const live: FeedState = { status: 'live', definition, error: null };
    expect(feedReducer(live, { type: 'socketLost' })).toEqual({ ...live, status: 'reconnecting' });
    const polling: FeedState = { status: 'polling', definition, error: null };
    expect(feedReducer(polling, { type: 'socketLost' })).toBe(polling);
  });

  it('shows a load failure only while there is nothing to count from', () => {
    const error = { message: 'No police data', code: 'NO_POLICE_DATA' };
    expect(feedReducer(initialFeedState, { type: 'loadFailed', error }).error).toEqual(error);
    const counting: FeedState = { status: 'reconnecting', definition, error: null };
    expect(feedReducer(counting, { type: 'loadFailed', error })).toBe(counting);
  });

  it('keeps connecting after a passing failure, and is unavailable after a final one', () => {
    const passing = feedReducer(initialFeedState, { type: 'loadFailed', error: { message: 'down' } });
    expect(passing.status).toBe('connecting');
    const error = { message: 'This link names no area the clock knows.', final: true };
    expect(feedReducer(initialFeedState, { type: 'loadFailed', error })).toEqual({
      status: 'unavailable',
      definition: null,
      error,
    });
  });

  it('clears the failure once a definition arrives', () => {
    const failed: FeedState = { status: 'connecting', definition: null, error: { message: 'down' } };
    expect(feedReducer(failed, { type: 'definition', definition, via: 'api' }).error).toBeNull();
  });
});
