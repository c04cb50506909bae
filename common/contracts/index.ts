import * as admin from './admin.ts';
import * as alerts from './alerts.ts';
import * as apiKeys from './api-keys.ts';
import * as auth from './auth.ts';
import * as clocks from './clocks.ts';
import * as csewFigures from './csew-figures.ts';
import * as dataStatus from './data-status.ts';
import * as email from './email.ts';
import { isEndpoint, type Endpoint } from './endpoint.ts';
import * as forces from './forces.ts';
import * as health from './health.ts';
import * as keyRequests from './key-requests.ts';
import * as oembed from './oembed.ts';
import * as partner from './partner.ts';
import * as postcodes from './postcodes.ts';
import * as search from './search.ts';
import * as webhooks from './webhooks.ts';

/** Every endpoint on contract, by name: the contract test checks each is served and answers to it. */
export const ENDPOINTS: Readonly<Record<string, Endpoint>> = Object.fromEntries(
  Object.entries({
    ...admin,
    ...alerts,
    ...apiKeys,
    ...auth,
    ...clocks,
    ...csewFigures,
    ...dataStatus,
    ...email,
    ...forces,
    ...health,
    ...keyRequests,
    ...oembed,
    ...partner,
    ...postcodes,
    ...search,
    ...webhooks,
  }).filter(([, value]) => isEndpoint(value)),
) as Record<string, Endpoint>;
