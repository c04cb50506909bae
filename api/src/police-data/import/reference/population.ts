import type { CsvLoad } from '../load-csv.ts';
import { findColumn } from './header-names.ts';

const CODE = ['LSOA code', 'lsoa21cd', 'lsoa11cd', 'LSOA 2021 Code', 'LSOA 2011 Code', 'lsoa', 'code'];
const NAME = ['LSOA name', 'lsoa21nm', 'lsoa11nm', 'LSOA 2021 Name', 'LSOA 2011 Name', 'name'];
const POPULATION = ['population', 'All Ages', 'all', 'total', 'Total population', 'obs_value'];

const LSOA_CODE = /^[EW]01\d{6}$/;

/** Resident population per LSOA (ONS mid-year estimates shape): for crime rates per 1,000. */
export function populationLoad(): CsvLoad {
  return {
    table: 'lsoa_populations',
    columns: ['lsoa_code', 'name', 'population'],
    upsertKeys: ['lsoa_code'],
    bind(header) {
      const codeAt = findColumn(header, CODE);
      const populationAt = findColumn(header, POPULATION);
      if (codeAt === undefined || populationAt === undefined) {
        throw new Error('the header needs an LSOA code column and a population column');
      }
      const nameAt = findColumn(header, NAME);
      return {
        firstIsData: false,
        map(f, out) {
          const code = (f[codeAt] ?? '').trim().toUpperCase();
          if (!LSOA_CODE.test(code)) return `"${code}" is not an LSOA code`;
          // Exports quote numbers with thousands separators: "1,954".
          const text = (f[populationAt] ?? '').replace(/[,\s]/g, '');
          const population = Number(text);
          if (text === '' || !Number.isSafeInteger(population) || population < 0) {
            return `population "${f[populationAt] ?? ''}" is not a whole number`;
          }
          const name = nameAt === undefined ? '' : (f[nameAt] ?? '').trim();
          out.push(code, name === '' ? null : name.slice(0, 255), population);
          return undefined;
        },
      };
    },
  };
}
