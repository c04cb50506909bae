import { describe, expect, it } from 'vitest';
import { datasetName, durationText, forceName, importStateText, monthRuns } from './importsText.ts';

describe('monthRuns', () => {
  it('joins consecutive months into runs so gaps stand out', () => {
    expect(monthRuns(['2024-01', '2024-02', '2024-04'])).toBe('Jan 2024 – Feb 2024, Apr 2024');
    expect(monthRuns(['2024-12', '2025-01'])).toBe('Dec 2024 – Jan 2025');
    // The site's one short month form (common/search/months.ts), whatever the platform's Intl data.
    expect(monthRuns(['2024-08', '2024-09'])).toBe('Aug 2024 – Sep 2024');
  });

  it('sorts, drops repeats and keeps unreadable months as they came', () => {
    expect(monthRuns(['2025-03', '2025-01', '2025-02', '2025-02'])).toBe('Jan 2025 – Mar 2025');
    expect(monthRuns(['2025-13', '2025-01'])).toBe('Jan 2025, 2025-13');
    expect(monthRuns([])).toBe('');
  });
});

describe('names', () => {
  it('names forces and data sets as people know them', () => {
    expect(forceName('avon-and-somerset')).toBe('Avon and Somerset Constabulary');
    expect(forceName('atlantis')).toBe('atlantis');
    expect(datasetName('stop-and-search')).toBe('Stop and search');
  });

  it('gives durations in the largest sensible unit', () => {
    expect(durationText(null)).toBe('—');
    expect(durationText(420)).toBe('420 ms');
    expect(durationText(12_340)).toBe('12.3 s');
    expect(durationText(125_000)).toBe('2 min 5 s');
  });
});

describe('importStateText', () => {
  it('says whether the store has everything, and how many files are missing', () => {
    expect(importStateText({ status: 'completed', files: 43, filesFailed: 0 })).toBe(
      'Completed: every file is in the store (43 imported this run).',
    );
    expect(importStateText({ status: 'partial', files: 31, filesFailed: 12 })).toBe(
      'Partial: 12 files were not imported; the store lacks their data until the same import is run again.',
    );
    expect(importStateText({ status: 'failed', files: 0, filesFailed: 1 })).toBe(
      'Failed: 1 file was not imported, and nothing was imported.',
    );
    expect(importStateText({ status: 'failed', files: 0, filesFailed: 0 })).toBe(
      'Failed: nothing was imported.',
    );
    expect(importStateText({ status: 'stopped', files: 3, filesFailed: 0 })).toBe(
      'Stopped: someone stopped the import (Ctrl-C or SIGTERM) after 3 files; the file under way was rolled back. Run the same import again to finish.',
    );
  });
});
