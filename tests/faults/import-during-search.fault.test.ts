import { describeImportDuringSearch, describeNewMonthDuringReads } from './support/import-during-search.ts';

// An import killed half way while searches run; searches never see a half-imported
// month. A 40,000-crime release killed at 40 % of its rows, then imported to the end, on SQLite
// and (with TEST_MYSQL_URL) MySQL. tests/faults/long/ has a bigger file killed at several points.
describeImportDuringSearch({ rows: 40_000, killAt: [0.4] });

// One snapshot per answer. A new month imported to its end while more than 1,000
// searches, and exports and maps, of an area it changes are answered: each is the store before the
// import's commit or after it.
describeNewMonthDuringReads({ rows: 150_000, minSearches: 1_000, parallel: 4 });
