import { formatMonth } from '../../../../../common/search/months.ts';
import { columnsOf, type MonthDataset } from './month-dataset.ts';
import { MONTH_TABLES } from '../month-tables.ts';
import { checkMonth, FieldError, fieldCountProblem, optionalText, parseCoordinate } from './fields.ts';

const HEADER = ['Crime ID', 'Month', 'Longitude', 'Latitude', 'Outcome type'] as const;

/** `YYYY-MM-<force>-outcomes.csv` into `outcomes`: later outcomes of crimes, by Crime ID. */
export const outcomesDataset: MonthDataset = {
  kind: 'outcomes',
  table: MONTH_TABLES.outcomes,
  columns: ['force_id', 'month', 'crime_ref', 'outcome_type', 'lat', 'lng'],
  bind(header, file) {
    const at = columnsOf(header, HEADER);
    const width = header.length;
    const month = formatMonth(file.month);
    return (f, out) => {
      const countProblem = fieldCountProblem(f, width);
      if (countProblem) return countProblem;
      const monthProblem = checkMonth(f[at.Month]!, month);
      if (monthProblem) return monthProblem;
      const crimeRef = f[at['Crime ID']]!.trim();
      if (crimeRef === '') return 'outcome without a Crime ID';
      if (crimeRef.length > 64) return 'Crime ID is longer than 64 characters';
      const outcome = optionalText(f[at['Outcome type']]!, 128);
      if (outcome === null) return 'empty Outcome type';
      const lat = parseCoordinate(f[at.Latitude]!, 'latitude', 90);
      if (lat instanceof FieldError) return lat.reason;
      const lng = parseCoordinate(f[at.Longitude]!, 'longitude', 180);
      if (lng instanceof FieldError) return lng.reason;
      const located = lat !== null && lng !== null;
      out.push(file.forceId, file.month, crimeRef, outcome, located ? lat : null, located ? lng : null);
      return undefined;
    };
  },
};
