import { columnsOf, type MonthDataset } from './month-dataset.ts';
import { MONTH_TABLES } from '../month-tables.ts';
import { FieldError, fieldCountProblem, optionalText, parseCoordinate, parseFlag } from './fields.ts';

const HEADER = [
  'Type',
  'Date',
  'Part of a policing operation',
  'Policing operation',
  'Latitude',
  'Longitude',
  'Gender',
  'Age range',
  'Self-defined ethnicity',
  'Officer-defined ethnicity',
  'Legislation',
  'Object of search',
  'Outcome',
  'Outcome linked to object of search',
  'Removal of more than just outer clothing',
] as const;

// e.g. 2016-01-01T00:05:00+00:00; seconds, fractions and the offset are optional in ISO 8601.
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** `YYYY-MM-<force>-stop-and-search.csv` into `stop_searches`. */
export const stopAndSearchDataset: MonthDataset = {
  kind: 'stop-and-search',
  table: MONTH_TABLES['stop-and-search'],
  columns: [
    'force_id',
    'month',
    'type',
    'occurred_at',
    'operation',
    'operation_name',
    'lat',
    'lng',
    'gender',
    'age_range',
    'self_defined_ethnicity',
    'officer_defined_ethnicity',
    'legislation',
    'object_of_search',
    'outcome',
    'outcome_linked',
    'outer_clothing_removed',
  ],
  bind(header, file) {
    const at = columnsOf(header, HEADER);
    const width = header.length;
    return (f, out) => {
      const countProblem = fieldCountProblem(f, width);
      if (countProblem) return countProblem;
      const date = f[at.Date]!.trim();
      if (!ISO_TIMESTAMP.test(date) || date.length > 32) return `date "${date}" is not an ISO timestamp`;
      const lat = parseCoordinate(f[at.Latitude]!, 'latitude', 90);
      if (lat instanceof FieldError) return lat.reason;
      const lng = parseCoordinate(f[at.Longitude]!, 'longitude', 180);
      if (lng instanceof FieldError) return lng.reason;
      const operation = parseFlag(f[at['Part of a policing operation']]!, 'Part of a policing operation');
      if (operation instanceof FieldError) return operation.reason;
      const linked = parseFlag(
        f[at['Outcome linked to object of search']]!,
        'Outcome linked to object of search',
      );
      if (linked instanceof FieldError) return linked.reason;
      const removal = parseFlag(
        f[at['Removal of more than just outer clothing']]!,
        'Removal of more than just outer clothing',
      );
      if (removal instanceof FieldError) return removal.reason;
      const located = lat !== null && lng !== null;
      out.push(
        file.forceId,
        file.month,
        optionalText(f[at.Type]!, 64),
        date,
        operation,
        optionalText(f[at['Policing operation']]!, 255),
        located ? lat : null,
        located ? lng : null,
        optionalText(f[at.Gender]!, 32),
        optionalText(f[at['Age range']]!, 32),
        optionalText(f[at['Self-defined ethnicity']]!, 128),
        optionalText(f[at['Officer-defined ethnicity']]!, 64),
        optionalText(f[at.Legislation]!, 255),
        optionalText(f[at['Object of search']]!, 128),
        optionalText(f[at.Outcome]!, 128),
        linked,
        removal,
      );
      return undefined;
    };
  },
};
