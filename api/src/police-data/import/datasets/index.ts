import type { MonthDatasetKind } from '../types.ts';
import type { MonthDataset } from './month-dataset.ts';
import { outcomesDataset } from './outcomes.ts';
import { stopAndSearchDataset } from './stop-and-search.ts';
import { streetDataset } from './street.ts';

export type { MonthDataset, RowMapper } from './month-dataset.ts';

export const MONTH_DATASETS: Record<MonthDatasetKind, MonthDataset> = {
  street: streetDataset,
  outcomes: outcomesDataset,
  'stop-and-search': stopAndSearchDataset,
};
