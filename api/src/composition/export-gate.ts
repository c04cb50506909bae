import type { Leases } from '../db/window-counters.ts';
import { createInFlightPerAddress } from '../http/in-flight-per-address.ts';
import { createExportGate, EXPORT_PLACES, EXPORT_REFUSAL } from '../search/export-gate.ts';

export interface ExportGateSettings {
  /** Exports streaming at once on this node (EXPORTS_AT_ONCE). */
  atOnce: number;
  /** Of those, at once from one address, counted on all nodes (EXPORTS_PER_ADDRESS). */
  perAddress: number;
  /** The shared places (the `rate_limits` table). */
  leases: Leases;
  /** The app's keyed address hash, which names each address's places. */
  addressHash: (address: string) => string;
  /** EXPORT_IDLE_TIMEOUT_SECONDS in milliseconds. */
  idleMs?: number;
  /** How long the place of a node that died mid-export stays taken (tests shorten it). */
  leaseMs?: number;
}

/**
 * Part of the composition root (services.ts calls it, nothing else does): the one export gate
 * the public and the partner exports share, over its per-address places.
 */
export function composeExportGate(settings: ExportGateSettings) {
  const { atOnce, perAddress, leases, addressHash, idleMs, leaseMs } = settings;
  const byAddress = createInFlightPerAddress({
    leases,
    addressHash,
    name: EXPORT_PLACES,
    perAddress,
    leaseMs,
    refusal: EXPORT_REFUSAL,
  });
  return createExportGate({ atOnce, byAddress, idleMs });
}
