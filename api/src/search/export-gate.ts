import { addressGroup } from '../http/address-group.ts';
import { HttpError } from '../http/errors.ts';
import { perAddressCount } from '../http/per-address-count.ts';

/**
 * How many whole-result exports one API node streams at once. An export reads the store in
 * batches for as long as its reader takes and holds a few megabytes meanwhile; unbounded, one
 * client's hundred parallel downloads, or downloads nobody reads, took the database and memory
 * from every other visitor. Beyond its share an address is refused (429), beyond the node's
 * bound everyone is (503), each with Retry-After; JavaScript admits one request at a time, so
 * parallel requests cannot all slip under either bound.
 */
export interface ExportGateOptions {
  /** Exports streaming at once on this node (EXPORTS_AT_ONCE). */
  atOnce: number;
  /** Of those, at once from one address (EXPORTS_PER_ADDRESS). */
  perAddress: number;
  /**
   * A download whose reader takes no byte for this long is closed (EXPORT_IDLE_TIMEOUT_SECONDS):
   * once the socket's buffers are full, an unread export would hold its place and its batches
   * for good.
   */
  idleMs?: number;
}

export const EXPORT_RETRY_AFTER_SECONDS = 10;

export function createExportGate({ atOnce, perAddress, idleMs = 30_000 }: ExportGateOptions) {
  let running = 0;
  const byAddress = perAddressCount();

  /**
   * Takes a place for `address` (counted by its group: an IPv6 /64 is one address); call the
   * returned function (once or more) when the export ends.
   */
  function admit(address: string): () => void {
    const group = addressGroup(address);
    const mine = byAddress.of(group);
    const retry = { 'retry-after': String(EXPORT_RETRY_AFTER_SECONDS) };
    if (mine >= perAddress) {
      throw new HttpError(
        429,
        'TOO_MANY_EXPORTS',
        `At most ${perAddress} downloads at once from one address: wait for one to finish.`,
        retry,
      );
    }
    if (running >= atOnce) {
      throw new HttpError(
        503,
        'EXPORTS_BUSY',
        'The server is preparing as many downloads as it can right now: try again in a few seconds.',
        retry,
      );
    }
    running += 1;
    const releaseAddress = byAddress.take(group);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      running -= 1;
      releaseAddress();
    };
  }

  return { admit, idleMs, stats: () => ({ running, addresses: byAddress.addresses(), atOnce, perAddress }) };
}

export type ExportGate = ReturnType<typeof createExportGate>;
