import yauzl from 'yauzl';
import { fingerprintOf, type OpenedSource, type SourceEntry } from './source.ts';

/**
 * A zip archive read in place: the central directory gives every entry's name and size, and each
 * entry is inflated as a stream when its turn comes, so a multi-gigabyte archive never needs to
 * be unpacked to disk or held in memory.
 */
export async function openZip(path: string, label = path): Promise<OpenedSource> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true });
  } catch (error) {
    throw new Error(`${label} is not a readable zip archive: ${(error as Error).message}`, { cause: error });
  }
  const entries: SourceEntry[] = [];
  try {
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      entries.push({
        path: entry.fileName,
        size: entry.uncompressedSize,
        open: () => zip.openReadStreamPromise(entry),
        fingerprint: async () => fingerprintOf(entry.crc32, entry.uncompressedSize),
      });
    }
  } catch (error) {
    zip.close();
    throw new Error(`${label} is a damaged zip archive: ${(error as Error).message}`, { cause: error });
  }
  return { label, entries, close: async () => zip.close() };
}
