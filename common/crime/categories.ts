/**
 * Police-recorded crime categories: the data.police.uk API slugs used everywhere in the product,
 * the "Crime type" text of the monthly archive CSVs, and a small stable numeric code that the
 * store keeps per row (a 12-million-row table is much smaller and faster with a SMALLINT than
 * with a slug). Codes are part of the stored data: never renumber, only append.
 */
export interface CrimeCategory {
  readonly code: number;
  readonly slug: CrimeCategorySlug;
  /** Crime type exactly as written in the archive CSVs. */
  readonly archiveName: string;
  /** Label shown to people. */
  readonly label: string;
  readonly color: string;
}

export const CRIME_CATEGORY_SLUGS = [
  'anti-social-behaviour',
  'bicycle-theft',
  'burglary',
  'criminal-damage-arson',
  'drugs',
  'other-theft',
  'possession-of-weapons',
  'public-order',
  'robbery',
  'shoplifting',
  'theft-from-the-person',
  'vehicle-crime',
  'violent-crime',
  'other-crime',
  'public-disorder-weapons',
] as const;

export type CrimeCategorySlug = (typeof CRIME_CATEGORY_SLUGS)[number];

export const CRIME_CATEGORIES: readonly CrimeCategory[] = [
  {
    code: 1,
    slug: 'anti-social-behaviour',
    archiveName: 'Anti-social behaviour',
    label: 'Anti-social behaviour',
    color: '#f59e0b',
  },
  { code: 2, slug: 'bicycle-theft', archiveName: 'Bicycle theft', label: 'Bicycle theft', color: '#10b981' },
  { code: 3, slug: 'burglary', archiveName: 'Burglary', label: 'Burglary', color: '#8b5cf6' },
  {
    code: 4,
    slug: 'criminal-damage-arson',
    archiveName: 'Criminal damage and arson',
    label: 'Criminal damage and arson',
    color: '#ef4444',
  },
  { code: 5, slug: 'drugs', archiveName: 'Drugs', label: 'Drugs', color: '#06b6d4' },
  { code: 6, slug: 'other-theft', archiveName: 'Other theft', label: 'Other theft', color: '#84cc16' },
  {
    code: 7,
    slug: 'possession-of-weapons',
    archiveName: 'Possession of weapons',
    label: 'Possession of weapons',
    color: '#dc2626',
  },
  { code: 8, slug: 'public-order', archiveName: 'Public order', label: 'Public order', color: '#f97316' },
  { code: 9, slug: 'robbery', archiveName: 'Robbery', label: 'Robbery', color: '#b91c1c' },
  { code: 10, slug: 'shoplifting', archiveName: 'Shoplifting', label: 'Shoplifting', color: '#ec4899' },
  {
    code: 11,
    slug: 'theft-from-the-person',
    archiveName: 'Theft from the person',
    label: 'Theft from the person',
    color: '#a855f7',
  },
  { code: 12, slug: 'vehicle-crime', archiveName: 'Vehicle crime', label: 'Vehicle crime', color: '#3b82f6' },
  {
    code: 13,
    slug: 'violent-crime',
    archiveName: 'Violence and sexual offences',
    label: 'Violence and sexual offences',
    color: '#991b1b',
  },
  { code: 14, slug: 'other-crime', archiveName: 'Other crime', label: 'Other crime', color: '#6b7280' },
  // Used by data.police.uk before May 2013; kept so older archives import.
  {
    code: 15,
    slug: 'public-disorder-weapons',
    archiveName: 'Public disorder and weapons',
    label: 'Public disorder and weapons',
    color: '#7c2d12',
  },
];

const byArchiveName = new Map(CRIME_CATEGORIES.map((c) => [c.archiveName.toLowerCase(), c]));
const bySlug = new Map<string, CrimeCategory>(CRIME_CATEGORIES.map((c) => [c.slug, c]));
const byCode = new Map(CRIME_CATEGORIES.map((c) => [c.code, c]));

/** Maps the archive's "Crime type" text to a category; undefined for an unknown type. */
export function categoryFromArchiveName(name: string): CrimeCategory | undefined {
  return byArchiveName.get(name.trim().toLowerCase());
}

export function categoryFromSlug(slug: string): CrimeCategory | undefined {
  return bySlug.get(slug);
}

export function categoryFromCode(code: number): CrimeCategory | undefined {
  return byCode.get(code);
}

export function isCrimeCategorySlug(value: string): value is CrimeCategorySlug {
  return bySlug.has(value);
}
