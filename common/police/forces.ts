/**
 * The police forces of data.police.uk: the 43 territorial forces of England and Wales, the Police
 * Service of Northern Ireland and British Transport Police. Ids are the data.police.uk ids (also
 * the `<force>` part of the archive file names); names are written exactly as the archive's
 * "Reported by" column writes them.
 */
export type ForceArea = 'england' | 'wales' | 'northern-ireland' | 'great-britain';

export interface PoliceForce {
  readonly id: PoliceForceId;
  readonly name: string;
  /** Where the force polices; British Transport Police covers the railways of Great Britain. */
  readonly area: ForceArea;
}

export const POLICE_FORCE_IDS = [
  'avon-and-somerset',
  'bedfordshire',
  'btp',
  'cambridgeshire',
  'cheshire',
  'city-of-london',
  'cleveland',
  'cumbria',
  'derbyshire',
  'devon-and-cornwall',
  'dorset',
  'durham',
  'dyfed-powys',
  'essex',
  'gloucestershire',
  'greater-manchester',
  'gwent',
  'hampshire',
  'hertfordshire',
  'humberside',
  'kent',
  'lancashire',
  'leicestershire',
  'lincolnshire',
  'merseyside',
  'metropolitan',
  'norfolk',
  'north-wales',
  'north-yorkshire',
  'northamptonshire',
  'northern-ireland',
  'northumbria',
  'nottinghamshire',
  'south-wales',
  'south-yorkshire',
  'staffordshire',
  'suffolk',
  'surrey',
  'sussex',
  'thames-valley',
  'warwickshire',
  'west-mercia',
  'west-midlands',
  'west-yorkshire',
  'wiltshire',
] as const;

export type PoliceForceId = (typeof POLICE_FORCE_IDS)[number];

export const POLICE_FORCES: readonly PoliceForce[] = [
  { id: 'avon-and-somerset', name: 'Avon and Somerset Constabulary', area: 'england' },
  { id: 'bedfordshire', name: 'Bedfordshire Police', area: 'england' },
  { id: 'btp', name: 'British Transport Police', area: 'great-britain' },
  { id: 'cambridgeshire', name: 'Cambridgeshire Constabulary', area: 'england' },
  { id: 'cheshire', name: 'Cheshire Constabulary', area: 'england' },
  { id: 'city-of-london', name: 'City of London Police', area: 'england' },
  { id: 'cleveland', name: 'Cleveland Police', area: 'england' },
  { id: 'cumbria', name: 'Cumbria Constabulary', area: 'england' },
  { id: 'derbyshire', name: 'Derbyshire Constabulary', area: 'england' },
  { id: 'devon-and-cornwall', name: 'Devon & Cornwall Police', area: 'england' },
  { id: 'dorset', name: 'Dorset Police', area: 'england' },
  { id: 'durham', name: 'Durham Constabulary', area: 'england' },
  { id: 'dyfed-powys', name: 'Dyfed-Powys Police', area: 'wales' },
  { id: 'essex', name: 'Essex Police', area: 'england' },
  { id: 'gloucestershire', name: 'Gloucestershire Constabulary', area: 'england' },
  { id: 'greater-manchester', name: 'Greater Manchester Police', area: 'england' },
  { id: 'gwent', name: 'Gwent Police', area: 'wales' },
  { id: 'hampshire', name: 'Hampshire Constabulary', area: 'england' },
  { id: 'hertfordshire', name: 'Hertfordshire Constabulary', area: 'england' },
  { id: 'humberside', name: 'Humberside Police', area: 'england' },
  { id: 'kent', name: 'Kent Police', area: 'england' },
  { id: 'lancashire', name: 'Lancashire Constabulary', area: 'england' },
  { id: 'leicestershire', name: 'Leicestershire Police', area: 'england' },
  { id: 'lincolnshire', name: 'Lincolnshire Police', area: 'england' },
  { id: 'merseyside', name: 'Merseyside Police', area: 'england' },
  { id: 'metropolitan', name: 'Metropolitan Police Service', area: 'england' },
  { id: 'norfolk', name: 'Norfolk Constabulary', area: 'england' },
  { id: 'north-wales', name: 'North Wales Police', area: 'wales' },
  { id: 'north-yorkshire', name: 'North Yorkshire Police', area: 'england' },
  { id: 'northamptonshire', name: 'Northamptonshire Police', area: 'england' },
  { id: 'northern-ireland', name: 'Police Service of Northern Ireland', area: 'northern-ireland' },
  { id: 'northumbria', name: 'Northumbria Police', area: 'england' },
  { id: 'nottinghamshire', name: 'Nottinghamshire Police', area: 'england' },
  { id: 'south-wales', name: 'South Wales Police', area: 'wales' },
  { id: 'south-yorkshire', name: 'South Yorkshire Police', area: 'england' },
  { id: 'staffordshire', name: 'Staffordshire Police', area: 'england' },
  { id: 'suffolk', name: 'Suffolk Constabulary', area: 'england' },
  { id: 'surrey', name: 'Surrey Police', area: 'england' },
  { id: 'sussex', name: 'Sussex Police', area: 'england' },
  { id: 'thames-valley', name: 'Thames Valley Police', area: 'england' },
  { id: 'warwickshire', name: 'Warwickshire Police', area: 'england' },
  { id: 'west-mercia', name: 'West Mercia Police', area: 'england' },
  { id: 'west-midlands', name: 'West Midlands Police', area: 'england' },
  { id: 'west-yorkshire', name: 'West Yorkshire Police', area: 'england' },
  { id: 'wiltshire', name: 'Wiltshire Police', area: 'england' },
];

const byId = new Map<string, PoliceForce>(POLICE_FORCES.map((f) => [f.id, f]));

export function forceById(id: string): PoliceForce | undefined {
  return byId.get(id);
}

export function isPoliceForceId(value: string): value is PoliceForceId {
  return byId.has(value);
}

export interface StreetDataGap {
  readonly forceId: PoliceForceId;
  /** First month (YYYY-MM) with no street-level crime data. */
  readonly since: string;
  readonly reason: string;
}

/**
 * Forces known to publish no street-level crime data from a given month on. Such a force still
 * appears in the forces list and may publish stop-and-search data; the product must show its
 * months as "no data", never as zero crimes.
 */
export const FORCES_WITHOUT_STREET_DATA: readonly StreetDataGap[] = [
  {
    forceId: 'greater-manchester',
    // GMP moved to a new records system in July 2019 and data.police.uk has received no
    // street-level crime data from it since; its stop-and-search data kept coming.
    since: '2019-07',
    reason: 'Greater Manchester Police has published no street-level crime data since July 2019.',
  },
];

/** Whether the force is expected to have published street-level crimes for the month (YYYY-MM). */
export function publishesStreetData(forceId: string, month: string): boolean {
  // YYYY-MM strings order the same way as the months they name.
  return !FORCES_WITHOUT_STREET_DATA.some((gap) => gap.forceId === forceId && month >= gap.since);
}
