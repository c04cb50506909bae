import { formatMonth } from '../../../../../common/search/months.ts';
import { categoryFromArchiveName } from '../../../../../common/crime/categories.ts';
import { cellOf } from '../../../../../common/geo/grid.ts';
import { columnsOf, type MonthDataset } from './month-dataset.ts';
import { MONTH_TABLES } from '../month-tables.ts';
import { checkMonth, FieldError, fieldCountProblem, optionalText, parseCoordinate } from './fields.ts';

const HEADER = [
  'Crime ID',
  'Month',
  'Longitude',
  'Latitude',
  'Location',
  'LSOA code',
  'Crime type',
  'Last outcome category',
] as const;

/** `YYYY-MM-<force>-street.csv` into `crimes`, one row per crime or ASB incident. */
export const streetDataset: MonthDataset = {
  kind: 'street',
  table: MONTH_TABLES.street,
  columns: [
    'force_id',
    'month',
    'category',
    'crime_ref',
    'lat',
    'lng',
    'cell',
    'street',
    'lsoa_code',
    'outcome',
  ],
  // crimes_month_cell_position is (month, cell, lat, lng), and a file holds one month.
  insertOrder: ['cell', 'lat', 'lng'],
  bind(header, file) {
    const at = columnsOf(header, HEADER);
    const width = header.length;
    const month = formatMonth(file.month);
    // The same dozen crime-type texts repeat on every row: look each up once.
    const categories = new Map<string, number | undefined>();
    return (f, out) => {
      const countProblem = fieldCountProblem(f, width);
      if (countProblem) return countProblem;
      const monthProblem = checkMonth(f[at.Month]!, month);
      if (monthProblem) return monthProblem;

      const type = f[at['Crime type']]!;
      let category = categories.get(type);
      if (category === undefined && !categories.has(type)) {
        category = categoryFromArchiveName(type)?.code;
        categories.set(type, category);
      }
      if (category === undefined) return `unknown crime type "${type}"`;

      const crimeRef = f[at['Crime ID']]!.trim();
      if (crimeRef.length > 64) return 'Crime ID is longer than 64 characters';
      const lat = parseCoordinate(f[at.Latitude]!, 'latitude', 90);
      if (lat instanceof FieldError) return lat.reason;
      const lng = parseCoordinate(f[at.Longitude]!, 'longitude', 180);
      if (lng instanceof FieldError) return lng.reason;
      // A row with half a position has none: it still counts for its force.
      const located = lat !== null && lng !== null;
      const location = f[at.Location]!;

      out.push(
        file.forceId,
        file.month,
        category,
        crimeRef === '' ? null : crimeRef,
        located ? lat : null,
        located ? lng : null,
        located ? cellOf(lat, lng) : null,
        location === 'No Location' ? null : optionalText(location, 255),
        optionalText(f[at['LSOA code']]!, 12),
        optionalText(f[at['Last outcome category']]!, 128),
      );
      return undefined;
    };
  },
};
