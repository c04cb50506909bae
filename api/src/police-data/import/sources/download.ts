import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Raised when the host cannot be reached at all, as opposed to answering with an error. */
export class OfflineError extends Error {
  constructor(
    readonly url: string,
    readonly code: string,
  ) {
    super(`Cannot reach ${new URL(url).host} (${code}): this machine seems to be offline.`);
    this.name = 'OfflineError';
  }
}

const UNREACHABLE = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

function unreachableCode(error: unknown): string | undefined {
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && UNREACHABLE.has(code)) return code;
  }
  return undefined;
}

/** fetch() says only "fetch failed"; the reason is in its innermost cause. */
function reasonOf(error: unknown): string {
  let reason = error instanceof Error ? error.message : String(error);
  for (let e: unknown = error; e instanceof Error; e = e.cause) reason = e.message;
  return reason;
}

export interface DownloadedFile {
  path: string;
  remove(): Promise<void>;
}

/**
 * Streams a URL to a temporary file (the data.police.uk archive is well over a gigabyte, and a
 * zip can only be read with random access), reporting bytes as they arrive.
 */
export async function downloadToTempFile(
  url: string,
  onBytes: (received: number, total: number | undefined) => void = () => {},
  signal?: AbortSignal,
): Promise<DownloadedFile> {
  const stopped = () => new Error(`Downloading ${url} was stopped; the partial download was removed`);
  let response: Response;
  try {
    response = await fetch(url, { redirect: 'follow', ...(signal ? { signal } : {}) });
  } catch (error) {
    if (signal?.aborted) throw stopped();
    const code = unreachableCode(error);
    if (code) throw new OfflineError(url, code);
    throw new Error(`Downloading ${url} failed: ${reasonOf(error)}`, { cause: error });
  }
  if (!response.ok || !response.body) {
    throw new Error(`Downloading ${url} failed: HTTP ${response.status} ${response.statusText}`);
  }
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : undefined;

  const dir = await mkdtemp(join(tmpdir(), 'crime-clock-download-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  const path = join(dir, 'archive.zip');
  let received = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      onBytes(received, total);
      done(null, chunk);
    },
  });
  try {
    await pipeline(
      Readable.fromWeb(response.body),
      counter,
      createWriteStream(path),
      ...(signal ? [{ signal }] : []),
    );
  } catch (error) {
    await remove();
    if (signal?.aborted) throw stopped();
    const code = unreachableCode(error);
    if (code) throw new OfflineError(url, code);
    throw new Error(`Downloading ${url} failed: ${reasonOf(error)}`, { cause: error });
  }
  return { path, remove };
}
