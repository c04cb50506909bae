import { CRIME_CATEGORIES } from '../../../common/crime/categories.ts';
import type { MonthNumber } from '../../../common/search/months.ts';
import { num } from './sql.ts';

/**
 * crime_cell_months and crime_part_months (migration 0013) keep one row per cell or part, month
 * and force, with a column of crimes per category and the month's resolved crimes. In a dense
 * area every part has nearly every category every month, so the ~130 whole parts of a 1-mile
 * circle's edge cells are 12 rows each over 12 months instead of ~50, and SQLite adds columns
 * instead of grouping rows by category (docs/benchmarks.md). Resolved crimes are kept
 * per month only: a search reports them for its whole period, never per category.
 *
 * A column per category code: a new code (codes are only ever appended) needs a migration that
 * adds its column, and month-rows.test.ts fails until it has one.
 */
export const MONTH_ROW_CODES: readonly number[] = CRIME_CATEGORIES.map((c) => c.code);

export function crimesColumn(code: number): string {
  return `crimes_${code}`;
}

/** A month row's crimes of every category, in SQL: `(crimes_1 + … + crimes_15)`. */
export const MONTH_ROW_CRIMES = `(${MONTH_ROW_CODES.map(crimesColumn).join(' + ')})`;

/** The counted columns, in the order the SQL below lists them. */
export const MONTH_ROW_COUNTS = ['resolved', ...MONTH_ROW_CODES.map(crimesColumn)] as const;

/** `SUM(resolved) AS resolved, SUM(crimes_1) AS crimes_1, ...` for a GROUP BY over month rows. */
export function monthRowSums(sum: (column: string) => string): string {
  return MONTH_ROW_COUNTS.map((c) => `${sum(c)} AS ${c}`).join(', ');
}

/**
 * Month rows from rows that have a category column: `resolved` and `crimes` are the per-row SQL
 * of the two counts (`COUNT(*)`-like sums over crimes, or columns of an aggregate).
 */
export function pivotSums(crimes: string, resolved: string): string {
  return [
    `SUM(${resolved})`,
    ...MONTH_ROW_CODES.map((code) => `SUM(CASE WHEN category = ${code} THEN ${crimes} ELSE 0 END)`),
  ].join(', ');
}

export interface MonthCategoryCount {
  month: MonthNumber;
  category: number;
  crimes: number;
}

/** The counts of an area, added up from narrow rows (one category each) and month rows. */
export class AreaCounts {
  private readonly crimes = new Map<string, MonthCategoryCount>();
  readonly resolvedByMonth = new Map<MonthNumber, number>();

  addResolved(month: MonthNumber, resolved: number): void {
    if (resolved !== 0) this.resolvedByMonth.set(month, (this.resolvedByMonth.get(month) ?? 0) + resolved);
  }

  add(month: MonthNumber, category: number, crimes: number, resolved: number): void {
    this.addResolved(month, resolved);
    if (crimes === 0) return;
    const key = `${month}|${category}`;
    const entry = this.crimes.get(key);
    if (entry) entry.crimes += crimes;
    else this.crimes.set(key, { month, category, crimes });
  }

  /** Rows of `month, category, crimes, resolved`. */
  addCategoryRows(
    rows: readonly { month: unknown; category: unknown; crimes: unknown; resolved: unknown }[],
  ) {
    for (const r of rows) this.add(num(r.month), num(r.category), num(r.crimes), num(r.resolved));
    return this;
  }

  /** Rows of `month` and the MONTH_ROW_COUNTS columns. */
  addMonthRows(rows: readonly Record<string, unknown>[]) {
    for (const r of rows) {
      const month = num(r.month);
      this.addResolved(month, num(r.resolved));
      for (const code of MONTH_ROW_CODES) this.add(month, code, num(r[crimesColumn(code)]), 0);
    }
    return this;
  }

  counts(): MonthCategoryCount[] {
    return [...this.crimes.values()];
  }
}
