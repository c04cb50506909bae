import { describe, expect, it } from 'vitest';
import { rankBadge } from './policeRanks.ts';

describe('rankBadge', () => {
  it.each([
    ['Chief Inspector', 'chief-inspector'],
    ['Detective Chief Inspector', 'chief-inspector'],
    ['Inspector', 'inspector'],
    ['Temporary Inspector', 'inspector'],
    ['Sergeant', 'sergeant'],
    ['Police Sergeant', 'sergeant'],
    ['PS', 'sergeant'],
    ['Police Constable', 'constable'],
    ['PC', 'constable'],
    ['Special Constable', 'constable'],
    ['Chief Constable', 'other'],
    ['Assistant Chief Constable', 'other'],
    ['PCSO', 'other'],
    ['Superintendent', 'other'],
    [null, 'other'],
  ] as const)('%s → %s', (rank, badge) => {
    expect(rankBadge(rank)).toBe(badge);
  });
});
