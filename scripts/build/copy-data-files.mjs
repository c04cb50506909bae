// Part of `npm run build:server`: data files the servers read at run time beside their modules
// (tsc emits only code and imported JSON) are copied to the same place under dist/.
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const DATA_FILES = ['api/src/security/common-passwords.txt'];

for (const file of DATA_FILES) {
  mkdirSync(dirname(join(root, 'dist', file)), { recursive: true });
  copyFileSync(join(root, file), join(root, 'dist', file));
}
