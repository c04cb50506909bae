import { searchDerivedTables } from '../search/derived-tables.ts';
import type { DerivedTable } from './derived-tables.ts';

/**
 * Every table derived from the crimes of a force-month. Whatever imports police data passes this
 * list to the importer, so the aggregates the clocks and the search read are always refreshed in
 * the same transaction as the crimes they summarise.
 */
export const storeDerivedTables: readonly DerivedTable[] = [...searchDerivedTables];
