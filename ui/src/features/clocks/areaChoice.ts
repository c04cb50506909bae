import type { ClockArea, ClockAreaKind } from '../../../../common/clock/area.ts';
import { parsePostcode } from '../../../../common/postcode/postcode.ts';

/** The location card's fields. */
export interface AreaDraft {
  mode: 'national' | ClockAreaKind;
  postcode: string;
  forceId: string;
  neighbourhoodId: string;
}

/**
 * The area the card names (null: the national clock), or what is missing, in words (spec section
 * 5, clock location: a postcode needs a postcode, a force a force, a neighbourhood both).
 */
export function areaChoiceIssue(draft: AreaDraft): ClockArea | null | string {
  switch (draft.mode) {
    case 'national':
      return null;
    case 'postcode': {
      if (draft.postcode.trim() === '') return 'Enter a postcode.';
      const postcode = parsePostcode(draft.postcode);
      return postcode
        ? { kind: 'postcode', postcode: postcode.compact }
        : 'Enter a valid UK postcode like SW1A 1AA, M1 1AA, or B33 8TH.';
    }
    case 'force':
      return draft.forceId === '' ? 'Choose a police force.' : { kind: 'force', forceId: draft.forceId };
    case 'neighbourhood':
      if (draft.forceId === '' || draft.neighbourhoodId === '')
        return 'Choose a police force and a neighbourhood.';
      return { kind: 'neighbourhood', forceId: draft.forceId, neighbourhoodId: draft.neighbourhoodId };
  }
}
