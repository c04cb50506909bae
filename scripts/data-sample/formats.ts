/** The official file layouts the sample reproduces, byte for byte. */

export const STREET_HEADER =
  'Crime ID,Month,Reported by,Falls within,Longitude,Latitude,Location,LSOA code,LSOA name,Crime type,Last outcome category,Context';

export const OUTCOMES_HEADER =
  'Crime ID,Month,Reported by,Falls within,Longitude,Latitude,Location,LSOA code,LSOA name,Outcome type';

export const STOP_AND_SEARCH_HEADER =
  'Type,Date,Part of a policing operation,Policing operation,Latitude,Longitude,Gender,Age range,Self-defined ethnicity,Officer-defined ethnicity,Legislation,Object of search,Outcome,Outcome linked to object of search,Removal of more than just outer clothing';

export const POSTCODES_HEADER = 'postcode,latitude,longitude';

export const LSOA_POPULATION_HEADER = 'LSOA code,LSOA name,population';

export const NO_LOCATION = 'No Location';

export type ArchiveKind = 'street' | 'outcomes' | 'stop-and-search';

/** Path of a monthly file inside the archive, e.g. "2025-06/2025-06-metropolitan-street.csv". */
export function archiveFilePath(month: string, forceId: string, kind: ArchiveKind): string {
  return `${month}/${month}-${forceId}-${kind}.csv`;
}

export const POSTCODES_FILE = 'postcodes.csv';
export const LSOA_POPULATION_FILE = 'lsoa-population.csv';
export const NEIGHBOURHOODS_FILE = 'neighbourhoods.geojson';
export const README_FILE = 'SYNTHETIC.txt';
