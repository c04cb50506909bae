import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project root, found by walking up to our package.json: the same code runs from source
 * (api/src, under tsx and Vitest) and from the build (dist/api/src).
 */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const candidate = join(dir, 'package.json');
    if (existsSync(candidate)) {
      const pkg = JSON.parse(readFileSync(candidate, 'utf8')) as { name?: string };
      if (pkg.name === 'crime-clock') return dir;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the crime-clock package.json above ' + import.meta.url);
    dir = parent;
  }
}

export const projectRoot = findRoot();
export const builtUiDir = join(projectRoot, 'dist', 'ui');
