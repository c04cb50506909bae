import { describe, expect, it } from 'vitest';
import { CRIME_CATEGORIES } from '../crime/categories.ts';
import {
  DEFAULT_WEIGHTS,
  SEVERITY_CSV_FILENAME,
  SEVERITY_FACTORS,
  SEVERITY_SOURCES,
  defaultSeverityMatrix,
  formatSeverity,
  restoreSeverityMatrix,
  severityCsv,
  severityScore,
  summariseSeverity,
  toScore,
  toWeight,
  weightTotal,
  withScore,
  withWeight,
} from './severity.ts';

describe('the default matrix', () => {
  it('is 14 categories by 9 factors with the specification weights', () => {
    const matrix = defaultSeverityMatrix();
    expect(SEVERITY_FACTORS).toHaveLength(9);
    expect(matrix.weights).toEqual([0.1, 0.15, 0.15, 0.1, 0.1, 0.15, 0.1, 0.1, 0.05]);
    expect(matrix.crimeData).toHaveLength(14);
    for (const row of matrix.crimeData) {
      expect(row.scores).toHaveLength(9);
      for (const score of row.scores) expect(toScore(score)).toBe(score);
    }
    expect(weightTotal(matrix.weights)).toBe(1);
  });

  it('covers the current data.police.uk categories, each once', () => {
    const current = CRIME_CATEGORIES.filter((c) => c.slug !== 'public-disorder-weapons').map((c) => c.slug);
    const scored = defaultSeverityMatrix().crimeData.map((row) => row.category);
    expect([...scored].sort()).toEqual([...current].sort());
  });

  it('keeps the published indices’ order in the sentencing-severity column', () => {
    const sentencing = SEVERITY_FACTORS.findIndex((f) => f.id === 'sentencing-severity');
    const scoreOf = (slug: string) =>
      defaultSeverityMatrix().crimeData.find((r) => r.category === slug)!.scores[sentencing]!;
    expect(scoreOf('robbery')).toBeGreaterThan(scoreOf('burglary'));
    expect(scoreOf('violent-crime')).toBeGreaterThan(scoreOf('burglary'));
    expect(scoreOf('burglary')).toBeGreaterThan(scoreOf('other-theft'));
    expect(scoreOf('other-theft')).toBeGreaterThan(scoreOf('shoplifting'));
    expect(scoreOf('anti-social-behaviour')).toBe(0);
  });

  it('cites the harm indices it follows', () => {
    const titles = SEVERITY_SOURCES.map((s) => s.title).join(' ');
    expect(titles).toContain('Cambridge Crime Harm Index');
    expect(titles).toContain('Crime Severity Score');
    for (const source of SEVERITY_SOURCES) expect(source.url).toMatch(/^https:\/\//);
  });
});

describe('input normalisation', () => {
  it('turns non-numeric input into 0', () => {
    for (const value of ['', 'abc', '1,5', undefined, null, NaN, Infinity, {}]) {
      expect(toWeight(value)).toBe(0);
      expect(toScore(value)).toBe(0);
    }
  });

  it('keeps values inside the bounds', () => {
    expect(toWeight('1.7')).toBe(1);
    expect(toWeight(-0.2)).toBe(0);
    expect(toScore('11')).toBe(10);
    expect(toScore('-3')).toBe(0);
  });

  it('cuts precision to the step', () => {
    expect(toWeight('0.125')).toBe(0.13);
    expect(toWeight(' 0.2 ')).toBe(0.2);
    expect(toScore('7.25')).toBe(7.3);
    expect(toScore('7.24')).toBe(7.2);
  });
});

describe('severity score', () => {
  it('is Σ weight × score, exact to three decimals', () => {
    expect(severityScore(DEFAULT_WEIGHTS, [10, 10, 10, 10, 10, 10, 10, 10, 10])).toBe(10);
    expect(severityScore(DEFAULT_WEIGHTS, [0, 1, 1, 3, 0, 0.5, 0.5, 3, 2])).toBe(1.125);
    // 0.1 × 0.3 is 0.030000000000000002 in floating point; the sum is exact here.
    expect(severityScore([0.1, 0, 0, 0, 0, 0, 0, 0, 0], [0.3, 0, 0, 0, 0, 0, 0, 0, 0])).toBe(0.03);
    expect(formatSeverity(0.03)).toBe('0.030');
    expect(formatSeverity(7.15)).toBe('7.150');
  });

  it('finds the highest, average and lowest category', () => {
    const summary = summariseSeverity(defaultSeverityMatrix());
    expect(summary.highest).toMatchObject({ category: 'violent-crime', score: 7.15 });
    expect(summary.lowest).toMatchObject({ category: 'shoplifting', score: 1.125 });
    const mean = summary.rows.reduce((sum, r) => sum + r.score, 0) / summary.rows.length;
    expect(summary.average).toBeCloseTo(mean, 3);
    expect(summary.rows.find((r) => r.category === 'violent-crime')?.label).toBe(
      'Violence and sexual offences',
    );
  });

  it('follows edits to scores and weights', () => {
    let matrix = withScore(defaultSeverityMatrix(), 'shoplifting', 0, '10');
    expect(summariseSeverity(matrix).rows.find((r) => r.category === 'shoplifting')?.score).toBe(2.125);
    matrix = withWeight(matrix, 0, 'not a number');
    expect(matrix.weights[0]).toBe(0);
    expect(weightTotal(matrix.weights)).toBe(0.9);
  });
});

describe('restoring from storage', () => {
  it('gives the defaults for nothing or rubbish', () => {
    expect(restoreSeverityMatrix(undefined)).toEqual(defaultSeverityMatrix());
    expect(restoreSeverityMatrix('x')).toEqual(defaultSeverityMatrix());
    expect(restoreSeverityMatrix({ weights: [1, 2], crimeData: 'no' })).toEqual(defaultSeverityMatrix());
  });

  it('keeps valid stored values and normalises the rest', () => {
    const edited = withScore(withWeight(defaultSeverityMatrix(), 8, 0.2), 'drugs', 3, 9);
    expect(restoreSeverityMatrix(JSON.parse(JSON.stringify(edited)))).toEqual(edited);

    const tampered = {
      weights: ['0.5', 'x', 9, 0, 0, 0, 0, 0, 0],
      crimeData: [
        { category: 'drugs', scores: [99, -1, 'abc', 1, 1, 1, 1, 1, 1] },
        { category: 'made-up', scores: [1, 1, 1, 1, 1, 1, 1, 1, 1] },
      ],
    };
    const restored = restoreSeverityMatrix(tampered);
    expect(restored.weights.slice(0, 3)).toEqual([0.5, 0, 1]);
    expect(restored.crimeData).toHaveLength(14);
    expect(restored.crimeData.find((r) => r.category === 'drugs')?.scores.slice(0, 3)).toEqual([10, 0, 0]);
    expect(restored.crimeData.some((r) => (r.category as string) === 'made-up')).toBe(false);
  });
});

describe('CSV export', () => {
  it('writes a header, the weights and one row per category', () => {
    const csv = severityCsv(defaultSeverityMatrix());
    const lines = csv.split('\r\n');
    expect(SEVERITY_CSV_FILENAME).toBe('crime-impact-analysis.csv');
    expect(lines.at(-1)).toBe('');
    expect(lines).toHaveLength(1 + 1 + 14 + 1);
    expect(lines[0]).toBe(
      'Crime category,Physical harm,Sentencing severity,Psychological harm,Financial loss,Intrusion,Violence or weapon,Victim vulnerability,Community harm,Police demand,Severity score',
    );
    expect(lines[1]).toBe('Weight,0.10,0.15,0.15,0.10,0.10,0.15,0.10,0.10,0.05,');
    expect(lines).toContain('Shoplifting,0.0,1.0,1.0,3.0,0.0,0.5,0.5,3.0,2.0,1.125');
    expect(lines).toContain('Violence and sexual offences,8.0,8.0,9.0,2.0,8.0,8.0,7.0,5.0,8.0,7.150');
  });
});
