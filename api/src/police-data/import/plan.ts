import { isCountedForce } from '../../../../common/police-coverage/coverage.ts';
import type { SourceEntry } from './sources/source.ts';
import type { MonthDatasetKind, ReferenceKind } from './types.ts';

export type ImportJob =
  | { kind: MonthDatasetKind; entry: SourceEntry; forceId: string; month: number }
  | { kind: ReferenceKind; entry: SourceEntry };

export interface ImportPlan {
  /** Reference data first (postcodes, populations, neighbourhoods), then months in order. */
  jobs: ImportJob[];
  /** A `SYNTHETIC.txt` sits at the top of the source (or of its single top folder). */
  synthetic: boolean;
  /**
   * Files that are none of the known kinds, and the month files of forces the product does not
   * count (Northern Ireland's: common/police-coverage), which are left out of the store.
   */
  ignored: string[];
}

const MONTH_FILE = /^(\d{4})-(\d{2})-([a-z0-9][a-z0-9-]*?)-(street|outcomes|stop-and-search)\.csv$/i;
// Code-Point Open ships one headerless CSV per postcode area under Data/CSV/.
const CODE_POINT_OPEN = /(^|\/)data\/csv\/[a-z]{1,2}\.csv$/i;

export interface MonthFileName {
  kind: MonthDatasetKind;
  forceId: string;
  month: number;
}

/** Reads `2024-01-avon-and-somerset-street.csv`; undefined for any other name. */
export function parseMonthFileName(name: string): MonthFileName | undefined {
  const match = MONTH_FILE.exec(name);
  if (!match) return undefined;
  const [, year, month, forceId, kind] = match;
  const monthNumber = Number(month);
  if (monthNumber < 1 || monthNumber > 12) return undefined;
  return {
    kind: kind!.toLowerCase() as MonthDatasetKind,
    forceId: forceId!.toLowerCase(),
    month: Number(year) * 100 + monthNumber,
  };
}

function referenceKind(path: string, name: string): ReferenceKind | undefined {
  const lower = name.toLowerCase();
  if (lower.endsWith('.geojson')) return 'neighbourhoods';
  if (!lower.endsWith('.csv')) return undefined;
  if (lower.includes('postcode') || CODE_POINT_OPEN.test(path)) return 'postcodes';
  if (lower.includes('population')) return 'population';
  return undefined;
}

const REFERENCE_ORDER: Record<ReferenceKind, number> = { postcodes: 0, population: 1, neighbourhoods: 2 };
const DATASET_ORDER: Record<MonthDatasetKind, number> = { street: 0, outcomes: 1, 'stop-and-search': 2 };

export function planImport(entries: readonly SourceEntry[]): ImportPlan {
  const references: Extract<ImportJob, { kind: ReferenceKind }>[] = [];
  const months: Extract<ImportJob, { kind: MonthDatasetKind }>[] = [];
  const ignored: string[] = [];
  let synthetic = false;
  for (const entry of entries) {
    const parts = entry.path.split('/');
    const name = parts.at(-1) ?? entry.path;
    if (name.toUpperCase() === 'SYNTHETIC.TXT' && parts.length <= 2) {
      synthetic = true;
      continue;
    }
    const monthFile = parseMonthFileName(name);
    if (monthFile) {
      if (isCountedForce(monthFile.forceId)) months.push({ ...monthFile, entry });
      else ignored.push(entry.path);
      continue;
    }
    const kind = referenceKind(entry.path, name);
    if (kind) references.push({ kind, entry });
    else ignored.push(entry.path);
  }
  references.sort((a, b) => REFERENCE_ORDER[a.kind] - REFERENCE_ORDER[b.kind]);
  months.sort(
    (a, b) =>
      a.month - b.month ||
      a.forceId.localeCompare(b.forceId) ||
      DATASET_ORDER[a.kind] - DATASET_ORDER[b.kind],
  );
  return { jobs: [...references, ...months], synthetic, ignored };
}
