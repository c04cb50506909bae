import { describeImportDuringSearch } from './support/import-during-search.ts';

// Issue 9: an import killed half way while searches run; searches never see a half-imported
// month. A 40,000-crime release killed at 40 % of its rows, then imported to the end, on SQLite
// and (with TEST_MYSQL_URL) MySQL. tests/faults/long/ has a bigger file killed at several points.
describeImportDuringSearch({ rows: 40_000, killAt: [0.4] });
