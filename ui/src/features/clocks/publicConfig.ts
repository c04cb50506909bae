import { useEffect, useState } from 'react';
import type { ResponseOf } from '../../../../common/contracts/endpoint.ts';
import { GetClientConfig } from '../../../../common/contracts/health.ts';
import { call } from '../../shared/api.ts';

/** GET /api/config: what the browser needs to know of this deployment. */
export type PublicConfig = ResponseOf<typeof GetClientConfig>;

export function fetchPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return call(GetClientConfig, {}, { signal });
}

/** The site's contact address: null while it loads, when none is configured, or when it cannot be read. */
export function useContactEmail(): string | null {
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchPublicConfig(controller.signal).then(
      (config) => setEmail(config.contact.email),
      // Without the configuration the page just shows no contact link.
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return email;
}
