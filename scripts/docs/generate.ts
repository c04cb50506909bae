/** `npm run docs`: writes docs/configuration.md and .env.example from the setting table. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIGURATION_PAGE, configurationPage, ENV_EXAMPLE, envExample } from './reference.ts';

const root = join(import.meta.dirname, '..', '..');
for (const [file, text] of [
  [CONFIGURATION_PAGE, configurationPage()],
  [ENV_EXAMPLE, envExample()],
] as const) {
  writeFileSync(join(root, file), text);
  console.log(`wrote ${file}`);
}
