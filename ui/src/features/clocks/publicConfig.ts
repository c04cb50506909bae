import type { ResponseOf } from '../../../../common/contracts/endpoint.ts';
import { GetClientConfig } from '../../../../common/contracts/health.ts';
import { call } from '../../shared/api.ts';
import { useEndpointQuery } from '../../shared/queries.ts';

/** GET /api/config: what the browser needs to know of this deployment. */
export type PublicConfig = ResponseOf<typeof GetClientConfig>;

export function fetchPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return call(GetClientConfig, {}, { signal });
}

/** The site's contact address: null while it loads, when none is configured, or when it cannot be read. */
export function useContactEmail(): string | null {
  // Without the configuration the page just shows no contact link.
  return useEndpointQuery(GetClientConfig).data?.contact.email ?? null;
}
