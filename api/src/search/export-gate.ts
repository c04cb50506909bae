import { addressGroup } from '../../../server-common/addresses/address-group.ts';
import { HttpError } from '../http/errors.ts';
import type { InFlightOptions, InFlightPerAddress } from '../http/in-flight-per-address.ts';

/**
 * How many whole-result exports one API node streams at once, and one address on all nodes. An
 * export reads the store in batches for as long as its reader takes and holds a few megabytes
 * meanwhile; unbounded, one client's hundred parallel downloads, or downloads nobody reads, took
 * the database and memory from every other visitor. Beyond its share an address is refused (429),
 * beyond the node's bound everyone is (503), each with Retry-After; JavaScript admits one request
 * at a time, so parallel requests cannot all slip under the node's bound, and the address's places
 * are leases every node shares (http/in-flight-per-address.ts).
 *
 * The node's bound is one count refused when full: p-limit and p-queue would queue the export instead (their refusing needs the count check the hash pool was measured with).
 */
export interface ExportGateOptions {
  /** Exports streaming at once on this node (EXPORTS_AT_ONCE). */
  atOnce: number;
  /**
   * Of those, at once from one address, counted on all nodes (EXPORTS_PER_ADDRESS): places of
   * the family EXPORT_PLACES, refused with EXPORT_REFUSAL, built by the composition root.
   */
  byAddress: InFlightPerAddress;
  /**
   * A download whose reader takes no byte for this long is closed (EXPORT_IDLE_TIMEOUT_SECONDS):
   * once the socket's buffers are full, an unread export would hold its place and its batches
   * for good.
   */
  idleMs?: number;
}

export const EXPORT_RETRY_AFTER_SECONDS = 10;

/** The address's export places: their family name and their refusal. */
export const EXPORT_PLACES = 'export';
export const EXPORT_REFUSAL: InFlightOptions['refusal'] = {
  code: 'TOO_MANY_EXPORTS',
  what: 'downloads',
  retryAfterSeconds: EXPORT_RETRY_AFTER_SECONDS,
};

export function createExportGate({ atOnce, byAddress, idleMs = 30_000 }: ExportGateOptions) {
  let running = 0;

  /**
   * Takes a place for `address` (counted by its group: an IPv6 /64 is one address); call the
   * returned function (once or more) when the export ends. It settles once the address's place is
   * free on every node.
   */
  async function admit(address: string): Promise<() => Promise<void>> {
    const releaseAddress = await byAddress.take(addressGroup(address));
    if (!releaseAddress) throw byAddress.refused();
    if (running >= atOnce) {
      void releaseAddress();
      throw new HttpError(
        503,
        'EXPORTS_BUSY',
        'The server is preparing as many downloads as it can right now: try again in a few seconds.',
        { 'retry-after': String(EXPORT_RETRY_AFTER_SECONDS) },
      );
    }
    running += 1;
    let released = false;
    return () => {
      if (!released) running -= 1;
      released = true;
      return releaseAddress();
    };
  }

  return {
    admit,
    idleMs,
    stats: () => ({ running, addresses: byAddress.keysHere(), atOnce, perAddress: byAddress.perAddress }),
  };
}

export type ExportGate = ReturnType<typeof createExportGate>;
