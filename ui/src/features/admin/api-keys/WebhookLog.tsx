import { ListWebhookDeliveries } from '../../../../../common/contracts/webhooks.ts';
import type { ApiKeyView } from '../../../../../common/contracts/api-keys.ts';
import { Button } from '../../../shared/ui/Button.tsx';
import { Card } from '../../../shared/ui/Card.tsx';
import { ScrollRegion } from '../../../shared/ui/ScrollRegion.tsx';
import { formatDateTime, ResourceView, StatusBadge } from '../AdminParts.tsx';
import { useAdminQuery } from '../useAdminQuery.ts';
import { deliveryStatus, responseText } from './webhookLog.ts';

/** A key's webhook URL and its last deliveries: time, status, attempts, the receiver's answer. */
export function WebhookLog({ apiKey, onClose }: { apiKey: ApiKeyView; onClose: () => void }) {
  const log = useAdminQuery(ListWebhookDeliveries, { params: { id: apiKey.id } });
  return (
    <Card
      title={`Webhook deliveries: ${apiKey.name}`}
      headingLevel={2}
      className="api-keys-webhook"
      aria-label={`Webhook deliveries: ${apiKey.name}`}
      description="The partner registers its URL with PUT /api/external/webhook; each imported month is sent to it, retried for 24 hours."
    >
      <ResourceView resource={log} what="webhook deliveries">
        {({ url, deliveries }) => (
          <>
            <p>
              {url ? (
                <>
                  URL: <code className="api-keys-webhook__url">{url}</code>
                </>
              ) : (
                'No webhook registered for this key.'
              )}
            </p>
            {deliveries.length === 0 ? (
              <p className="admin-empty">No deliveries yet.</p>
            ) : (
              <ScrollRegion className="admin-table-wrap" label="Webhook deliveries, scrollable">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th scope="col">Time</th>
                      <th scope="col">Event</th>
                      <th scope="col">Status</th>
                      <th scope="col" className="admin-table__num">
                        Attempts
                      </th>
                      <th scope="col">Response</th>
                    </tr>
                  </thead>
                  <tbody>
                    {deliveries.map((delivery) => {
                      const status = deliveryStatus(delivery);
                      return (
                        <tr key={delivery.id}>
                          <td className="admin-table__date">
                            {formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt)}
                          </td>
                          <td>
                            <code>{delivery.type}</code>
                          </td>
                          <td>
                            <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
                          </td>
                          <td className="admin-table__num">{delivery.attempts}</td>
                          <td>{responseText(delivery)}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </ScrollRegion>
            )}
          </>
        )}
      </ResourceView>
      <div className="admin-form__actions">
        <Button variant="secondary" size="sm" onClick={log.reload}>
          Refresh
        </Button>
        <Button variant="secondary" size="sm" onClick={onClose}>
          Close
        </Button>
      </div>
    </Card>
  );
}
