import { describe, expect, it } from 'vitest';
import {
  CRIME_CATEGORIES,
  CRIME_CATEGORY_SLUGS,
  categoryFromArchiveName,
  categoryFromCode,
  categoryFromSlug,
} from './categories.ts';

describe('crime categories', () => {
  it('maps every archive crime type to its API slug', () => {
    expect(categoryFromArchiveName('Violence and sexual offences')?.slug).toBe('violent-crime');
    expect(categoryFromArchiveName('Criminal damage and arson')?.slug).toBe('criminal-damage-arson');
    expect(categoryFromArchiveName(' anti-social behaviour ')?.slug).toBe('anti-social-behaviour');
    expect(categoryFromArchiveName('Jaywalking')).toBeUndefined();
  });

  it('has unique codes and slugs covering every declared slug', () => {
    const codes = new Set(CRIME_CATEGORIES.map((c) => c.code));
    expect(codes.size).toBe(CRIME_CATEGORIES.length);
    expect(CRIME_CATEGORIES.map((c) => c.slug).sort()).toEqual([...CRIME_CATEGORY_SLUGS].sort());
    for (const c of CRIME_CATEGORIES) {
      expect(categoryFromCode(c.code)).toBe(c);
      expect(categoryFromSlug(c.slug)).toBe(c);
    }
  });
});
