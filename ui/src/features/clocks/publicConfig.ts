import { useEffect, useState } from 'react';
import { apiGet } from '../../shared/api.ts';
import type { RealtimeConfig } from './realtimeUrl.ts';

/** GET /api/config: what the browser needs to know of this deployment. */
export interface PublicConfig extends RealtimeConfig {
  readonly contact: {
    /** Address of the contact mail link; null: the site shows no such link. */
    readonly email: string | null;
  };
}

export function fetchPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return apiGet<PublicConfig>('/api/config', { signal });
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
