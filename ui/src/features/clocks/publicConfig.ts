import { GetClientConfig } from '../../../../common/contracts/health.ts';
import { useEndpointQuery } from '../../shared/queries.ts';

/** The site's contact address: null while it loads, when none is configured, or when it cannot be read. */
export function useContactEmail(): string | null {
  // Without the configuration (GET /api/config) the page just shows no contact link.
  return useEndpointQuery(GetClientConfig).data?.contact.email ?? null;
}

/**
 * Whether area alerts can be mailed (a mail server is set up): undefined while the configuration
 * loads or when it cannot be read (the form is shown, and a 503 then turns it into the feed).
 */
export function useEmailAlerts(): boolean | undefined {
  return useEndpointQuery(GetClientConfig).data?.alerts.email;
}
