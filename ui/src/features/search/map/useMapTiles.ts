import { useMemo } from 'react';
import { GetClientConfig } from '../../../../../common/contracts/health.ts';
import { useEndpointQuery } from '../../../shared/queries.ts';

export interface MapTiles {
  /** `{z}/{x}/{y}` URL template of the tile server (MAP_TILE_URL). */
  url: string;
  /** The credit the server asks for, shown on the map. */
  attribution: string;
}

/**
 * The deployment's tile server: null while the configuration loads, when none is configured, or
 * when it cannot be read; the map then draws its base layer from the store alone.
 */
export function useMapTiles(): MapTiles | null {
  const map = useEndpointQuery(GetClientConfig).data?.map;
  return useMemo(
    () => (map?.tileUrl ? { url: map.tileUrl, attribution: map.tileAttribution } : null),
    [map?.tileUrl, map?.tileAttribution],
  );
}
