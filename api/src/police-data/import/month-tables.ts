/**
 * The table each monthly dataset is stored in: the datasets load into them, and a stopped
 * scheduled import's months are taken back out of them (withdraw-months.ts). A module of its own
 * so the API, which runs imports as a child process, can take a month back without loading the
 * importer's parsers.
 */
export const MONTH_TABLES = {
  street: 'crimes',
  outcomes: 'outcomes',
  'stop-and-search': 'stop_searches',
} as const;

export type MonthDatasetKind = keyof typeof MONTH_TABLES;
