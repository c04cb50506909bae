import { describeImportDuringSearch } from '../support/import-during-search.ts';

// The longer form: a 250,000-crime release killed early, half way and near the end of its
// rows (three separate runs), then imported to the end while searches run, on each dialect.
describeImportDuringSearch({ rows: 250_000, killAt: [0.1, 0.5, 0.9] });
