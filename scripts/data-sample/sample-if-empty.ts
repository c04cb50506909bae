// Launcher of the importer's sample step, run by `npm start` (and scripts/cluster/) from the build:
// hands it the generator of the start sample (start-sample.ts). The step itself is the importer's
// (api/src/police-data/import/cli/sample-if-empty.ts), loaded from its own module: the importer's
// index leaves it out, as every other import would load it and the config's schema for nothing.
import { importSampleIfEmpty } from '../../api/src/police-data/import/cli/sample-if-empty.ts';
import { generateSample } from './generate.ts';
import { START_SAMPLE } from './start-sample.ts';

await importSampleIfEmpty((outDir) => generateSample({ outDir, ...START_SAMPLE }));
