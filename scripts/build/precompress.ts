import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.json', '.txt', '.map']);
/** Below this the compressed copy saves less than a packet. */
const MIN_BYTES = 1024;

export interface PrecompressResult {
  files: number;
  bytesBefore: number;
  brotliBytes: number;
  gzipBytes: number;
}

async function* walk(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `<file>.br` and `<file>.gz` next to every compressible file of a built folder, at the
 * strongest levels (done once per build, so the server never compresses per request). A copy
 * that would not be smaller is not written, and the server then sends the original.
 */
export async function precompressFolder(dir: string): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytesBefore: 0, brotliBytes: 0, gzipBytes: 0 };
  for await (const path of walk(dir)) {
    if (!COMPRESSIBLE.has(extname(path))) continue;
    if ((await stat(path)).size < MIN_BYTES) continue;
    const original = await readFile(path);
    const [br, gz] = await Promise.all([
      brotli(original, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
        },
      }),
      gzipAsync(original, { level: constants.Z_BEST_COMPRESSION }),
    ]);
    result.files += 1;
    result.bytesBefore += original.length;
    if (br.length < original.length) {
      await writeFile(`${path}.br`, br);
      result.brotliBytes += br.length;
    }
    if (gz.length < original.length) {
      await writeFile(`${path}.gz`, gz);
      result.gzipBytes += gz.length;
    }
  }
  return result;
}
