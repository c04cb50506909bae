import { formatDateTime, StatusBadge } from '../AdminParts.tsx';
import { Button } from '../../../shared/ui/Button.tsx';
import { API_KEY_TEXTS, isActive } from './apiKeyForm.ts';
import type { ApiKeyView } from '../../../../../common/contracts/api-keys.ts';
import { ScrollRegion } from '../../../shared/ui/ScrollRegion.tsx';

const count = (n: number) => n.toLocaleString('en-GB');

export function ApiKeysTable({
  apiKeys,
  revoking,
  onRevoke,
  onShowWebhook,
}: {
  apiKeys: ApiKeyView[];
  /** The key whose revocation is under way, if any. */
  revoking: number | null;
  onRevoke: (key: ApiKeyView) => void;
  /** Opens the key's webhook delivery log. */
  onShowWebhook: (key: ApiKeyView) => void;
}) {
  if (apiKeys.length === 0) return <p className="admin-empty">{API_KEY_TEXTS.empty}</p>;
  return (
    <ScrollRegion className="admin-table-wrap" label="API keys, scrollable">
      <table className="admin-table api-keys-table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Domain</th>
            <th scope="col" className="admin-table__num">
              Rate Limit
            </th>
            <th scope="col" className="admin-table__num">
              Requests
            </th>
            <th scope="col">Last Used</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {apiKeys.map((key) => {
            const active = isActive(key.status);
            return (
              <tr key={key.id} data-key-id={key.id}>
                <th scope="row">
                  {key.name}
                  <span className="admin-table__sub">
                    <code>{key.keyPrefix}…</code>
                  </span>
                </th>
                <td>{key.domain ?? API_KEY_TEXTS.anyDomain}</td>
                <td className="admin-table__num">{count(key.dailyRateLimit)}/day</td>
                <td className="admin-table__num">{count(key.requestCount)}</td>
                <td className="admin-table__date">
                  {key.lastRequestAt ? formatDateTime(key.lastRequestAt) : API_KEY_TEXTS.never}
                </td>
                <td>
                  <StatusBadge tone={active ? 'ok' : 'bad'}>{active ? 'active' : 'revoked'}</StatusBadge>
                </td>
                <td className="api-keys-table__actions">
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Webhook deliveries of ${key.name}`}
                    onClick={() => onShowWebhook(key)}
                  >
                    Webhook
                  </Button>
                  {active && (
                    <Button
                      size="sm"
                      variant="destructive"
                      disabled={revoking === key.id}
                      aria-label={`Revoke ${key.name}`}
                      onClick={() => onRevoke(key)}
                    >
                      {revoking === key.id ? 'Revoking...' : 'Revoke'}
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
