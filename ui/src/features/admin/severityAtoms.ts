import { atomWithStorage, RESET } from 'jotai/utils';
import { atom } from 'jotai';
import {
  defaultSeverityMatrix,
  restoreSeverityMatrix,
  type SeverityMatrix,
} from '../../../../common/severity/severity.ts';

/** Versioned, so a future change of shape can start afresh instead of misreading old data. */
export const SEVERITY_STORAGE_KEY = 'crime-clock:severity-matrix:v1';

/**
 * localStorage, read through the shared validator: whatever is stored (edited by hand, from an
 * older version, corrupt) comes back as a well-formed 14 × 9 matrix. A browser that refuses
 * storage (private mode, full quota) still lets the tool work for the visit.
 */
const severityStorage = {
  getItem(key: string, initialValue: SeverityMatrix): SeverityMatrix {
    try {
      const raw = window.localStorage.getItem(key);
      return raw === null ? initialValue : restoreSeverityMatrix(JSON.parse(raw));
    } catch {
      return initialValue;
    }
  },
  setItem(key: string, value: SeverityMatrix) {
    try {
      window.localStorage.setItem(key, JSON.stringify(value));
    } catch (error) {
      console.warn('The severity matrix could not be saved in this browser', error);
    }
  },
  removeItem(key: string) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // Nothing stored that could be removed.
    }
  },
};

/** The matrix the Crime Impact Algorithms tool edits; restored from local storage on load. */
export const severityMatrixAtom = atomWithStorage<SeverityMatrix>(
  SEVERITY_STORAGE_KEY,
  defaultSeverityMatrix(),
  severityStorage,
  { getOnInit: true },
);

/** Reset restores the defaults and forgets the stored copy. */
export const resetSeverityMatrixAtom = atom(null, (_get, set) => set(severityMatrixAtom, RESET));
