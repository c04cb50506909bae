/**
 * What checking an answer against its contract costs a page in bytes:
 *
 *   npx tsx scripts/bench/checker-size.ts
 *
 * Bundles each candidate checker alone with Vite (minified, as the UI's build does) and prints
 * its size raw and brotli-compressed: TypeBox's `Value.Check` and `Check` (typebox/value), the
 * schema-only `Check` (typebox/schema), and the UI's own `matchesSchema`
 * (common/contracts/schema-check.ts). The embed's budget is 60 KB brotli for everything it loads.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { build, type Rollup } from 'vite';

const REPO = resolve(import.meta.dirname, '../..');
const CANDIDATES: Record<string, string> = {
  "typebox/value's Value.Check": "import { Value } from 'typebox/value'; export const check = Value.Check;",
  "typebox/value's Check": "import { Check } from 'typebox/value'; export const check = Check;",
  "typebox/schema's Check": "import { Check } from 'typebox/schema'; export const check = Check;",
  'matchesSchema (ours)': `import { matchesSchema } from '${join(REPO, 'common/contracts/schema-check.ts')}'; export const check = matchesSchema;`,
};

// Inside the repository, so the entry resolves packages from its node_modules.
const cache = join(REPO, 'node_modules/.cache');
mkdirSync(cache, { recursive: true });
const dir = mkdtempSync(join(cache, 'checker-size-'));
try {
  for (const [name, source] of Object.entries(CANDIDATES)) {
    const entry = join(dir, 'entry.ts');
    writeFileSync(entry, source);
    const result = (await build({
      root: REPO,
      configFile: false,
      logLevel: 'silent',
      build: { write: false, minify: true, lib: { entry, formats: ['es'], fileName: 'checker' } },
    })) as Rollup.RollupOutput[] | Rollup.RollupOutput;
    const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
    const code = outputs.map((o) => (o.type === 'chunk' ? o.code : '')).join('');
    const brotli = brotliCompressSync(Buffer.from(code)).length;
    process.stdout.write(
      `${name.padEnd(30)} ${(code.length / 1024).toFixed(1).padStart(6)} KB raw ${(brotli / 1024).toFixed(1).padStart(5)} KB brotli\n`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
