import type { ClockArea, ClockAreaKind } from '../../../../common/clock/area.ts';
import { parsePostcode } from '../../../../common/postcode/postcode.ts';
import type { ClockMessageId } from './clockIntl.ts';

/** The location card's fields. */
export interface AreaDraft {
  mode: 'national' | ClockAreaKind;
  postcode: string;
  forceId: string;
  neighbourhoodId: string;
}

/**
 * The area the card names (null: the national clock), or the message saying what is missing (a
 * postcode needs a postcode, a force a force, a neighbourhood both).
 */
export function areaChoiceIssue(draft: AreaDraft): ClockArea | null | ClockMessageId {
  switch (draft.mode) {
    case 'national':
      return null;
    case 'postcode': {
      if (draft.postcode.trim() === '') return 'clocks.area.issue.noPostcode';
      const postcode = parsePostcode(draft.postcode);
      return postcode ? { kind: 'postcode', postcode: postcode.compact } : 'clocks.area.issue.badPostcode';
    }
    case 'force':
      return draft.forceId === '' ? 'clocks.area.issue.noForce' : { kind: 'force', forceId: draft.forceId };
    case 'neighbourhood':
      if (draft.forceId === '' || draft.neighbourhoodId === '') return 'clocks.area.issue.noNeighbourhood';
      return { kind: 'neighbourhood', forceId: draft.forceId, neighbourhoodId: draft.neighbourhoodId };
  }
}
