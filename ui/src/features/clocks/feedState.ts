/**
 * What a clock page knows about its data feed: how the figures reach it and which definition (the
 * clock model's input) it animates. Counts are not kept here: every client computes them from the
 * definition and the server's time, so only the definition and the connection state ever change.
 */
import type { ClockDefinition } from '../../../../common/clock/types.ts';
import type { FailurePart } from '../../shared/failureMessage.ts';

/**
 * connecting   the page has not heard from the server yet
 * live         joined the realtime server's clock room; pushes arrive as they happen
 * reconnecting the socket dropped; the clock runs on from the definition it has
 * polling      no socket: the definition is re-read from the API every few minutes
 * unavailable  this clock cannot be shown (an unknown area, no data there): the page stopped asking
 */
export type FeedStatus = 'connecting' | 'live' | 'reconnecting' | 'polling' | 'unavailable';

export interface FeedError {
  /** In English, for logs and the embed; a page words `parts` in its own language. */
  readonly message: string;
  /** What went wrong as message ids (ui/src/shared/failureMessage.ts), for the page's language. */
  readonly parts?: readonly FailurePart[];
  /** The API's error code, e.g. NO_POLICE_DATA. */
  readonly code?: string;
  /** The answer will not change by asking again (e.g. the area is unknown): the feed has stopped. */
  readonly final?: boolean;
}

export interface FeedState {
  readonly status: FeedStatus;
  readonly definition: ClockDefinition | null;
  /** Why there is nothing to show; cleared as soon as a definition arrives. */
  readonly error: FeedError | null;
}

export type FeedEvent =
  | { readonly type: 'definition'; readonly definition: ClockDefinition; readonly via: 'socket' | 'api' }
  | { readonly type: 'socketLost' }
  | { readonly type: 'loadFailed'; readonly error: FeedError };

export const initialFeedState: FeedState = { status: 'connecting', definition: null, error: null };

/** Keeps the object the page already has when the content is the same, so nothing restarts. */
function newerDefinition(current: ClockDefinition | null, next: ClockDefinition): ClockDefinition {
  return current !== null && current.version === next.version ? current : next;
}

export function feedReducer(state: FeedState, event: FeedEvent): FeedState {
  switch (event.type) {
    case 'definition': {
      // Anything from the socket proves it works; an API answer says nothing about the socket.
      const status = event.via === 'socket' || state.status === 'live' ? 'live' : 'polling';
      const definition = newerDefinition(state.definition, event.definition);
      if (definition === state.definition && status === state.status && state.error === null) return state;
      return { status, definition, error: null };
    }
    case 'socketLost':
      return state.status === 'live' ? { ...state, status: 'reconnecting' } : state;
    case 'loadFailed':
      // A page that has a definition keeps counting from it; only an empty page shows the failure.
      if (state.definition !== null) return state;
      return {
        ...state,
        error: event.error,
        ...(event.error.final ? { status: 'unavailable' as const } : {}),
      };
  }
}
