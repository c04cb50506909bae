/**
 * Months as the store keeps them: INTEGER yyyymm (range-comparable, compact), converted to the
 * 'YYYY-MM' text that the API and data.police.uk use. Labels are built from a fixed table rather
 * than Intl so browser and server print the same text whatever locale data they carry.
 */
import type { Locale } from '../i18n/locale.ts';

/** A month as yyyymm, e.g. 202506. */
export type MonthNumber = number;

/** The first month data.police.uk published street-level crime. */
export const EARLIEST_POLICE_MONTH: MonthNumber = 201012;

const MONTH_TEXT = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** English month names, January first. */
export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** 'YYYY-MM' to yyyymm; undefined for anything else (including month 13 or a trailing space). */
export function parseMonth(text: string): MonthNumber | undefined {
  const match = MONTH_TEXT.exec(text);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number(match[2]);
}

export function isMonthText(text: string): boolean {
  return MONTH_TEXT.test(text);
}

export function formatMonth(month: MonthNumber): string {
  const year = Math.floor(month / 100);
  const m = month % 100;
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}`;
}

export function addMonths(month: MonthNumber, count: number): MonthNumber {
  const index = Math.floor(month / 100) * 12 + (month % 100) - 1 + count;
  return Math.floor(index / 12) * 100 + (index % 12) + 1;
}

/** Number of months from start to end, both included (1 when they are equal). */
export function monthSpan(start: MonthNumber, end: MonthNumber): number {
  const index = (m: MonthNumber) => Math.floor(m / 100) * 12 + (m % 100);
  return index(end) - index(start) + 1;
}

/** Every month from start to end inclusive, oldest first. */
export function monthsFrom(start: MonthNumber, end: MonthNumber): MonthNumber[] {
  const months: MonthNumber[] = [];
  for (let m = start; m <= end; m = addMonths(m, 1)) months.push(m);
  return months;
}

/** en-GB long form: "June 2025". */
export function monthLabel(month: MonthNumber): string {
  return `${MONTH_NAMES[(month % 100) - 1]} ${Math.floor(month / 100)}`;
}

/** en-GB short form used for comparison months: "Jun 2025". */
export function shortMonthLabel(month: MonthNumber): string {
  return `${(MONTH_NAMES[(month % 100) - 1] ?? '').slice(0, 3)} ${Math.floor(month / 100)}`;
}

/**
 * Welsh month names, January first, long and short (the CLDR `cy` forms). A table, as for English:
 * browsers' Intl data need not carry Welsh (Chromium as Debian builds it falls back to English).
 */
export const WELSH_MONTH_NAMES = [
  'Ionawr',
  'Chwefror',
  'Mawrth',
  'Ebrill',
  'Mai',
  'Mehefin',
  'Gorffennaf',
  'Awst',
  'Medi',
  'Hydref',
  'Tachwedd',
  'Rhagfyr',
] as const;
export const WELSH_SHORT_MONTH_NAMES = [
  'Ion',
  'Chwef',
  'Maw',
  'Ebr',
  'Mai',
  'Meh',
  'Gorff',
  'Awst',
  'Medi',
  'Hyd',
  'Tach',
  'Rhag',
] as const;

/** cy-GB long form: "Mehefin 2025". */
export function welshMonthLabel(month: MonthNumber): string {
  return `${WELSH_MONTH_NAMES[(month % 100) - 1]} ${Math.floor(month / 100)}`;
}

/** cy-GB short form: "Meh 2025". */
export function welshShortMonthLabel(month: MonthNumber): string {
  return `${WELSH_SHORT_MONTH_NAMES[(month % 100) - 1]} ${Math.floor(month / 100)}`;
}

/** The long form in a site language: "June 2025", or "Mehefin 2025" on a Welsh page. */
export function monthIn(month: MonthNumber, locale: Locale): string {
  return locale === 'cy' ? welshMonthLabel(month) : monthLabel(month);
}

/** The short form in a site language: "Jun 2025", or "Meh 2025" on a Welsh page. */
export function shortMonthIn(month: MonthNumber, locale: Locale): string {
  return locale === 'cy' ? welshShortMonthLabel(month) : shortMonthLabel(month);
}
