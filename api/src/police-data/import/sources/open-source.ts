import { stat } from 'node:fs/promises';
import { openDirectory, openSingleFile } from './directory-source.ts';
import { downloadToTempFile } from './download.ts';
import type { OpenedSource } from './source.ts';
import { openZip } from './zip-source.ts';

export type { OpenedSource } from './source.ts';
export { OfflineError } from './download.ts';

export function isUrl(source: string): boolean {
  return /^https?:\/\//i.test(source);
}

/** Opens a folder, a `.zip` file, a single file, or an http(s) URL of a zip archive. */
export async function openSource(
  source: string,
  onDownload: (received: number, total: number | undefined) => void = () => {},
  signal?: AbortSignal,
): Promise<OpenedSource> {
  if (isUrl(source)) {
    const download = await downloadToTempFile(source, onDownload, signal);
    try {
      const zip = await openZip(download.path, source);
      return {
        ...zip,
        close: async () => {
          await zip.close();
          await download.remove();
        },
      };
    } catch (error) {
      await download.remove();
      throw error;
    }
  }
  const info = await stat(source).catch(() => undefined);
  if (!info) throw new Error(`${source} does not exist`);
  if (info.isDirectory()) return openDirectory(source);
  if (source.toLowerCase().endsWith('.zip')) return openZip(source);
  return openSingleFile(source);
}
