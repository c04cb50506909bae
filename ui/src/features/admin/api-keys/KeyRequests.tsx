import { ListApiKeys } from '../../../../../common/contracts/api-keys.ts';
import {
  ApproveKeyRequest,
  DeclineKeyRequest,
  ListKeyRequests,
  type KeyRequestView,
} from '../../../../../common/contracts/key-requests.ts';
import { Alert } from '../../../shared/ui/Alert.tsx';
import { Button } from '../../../shared/ui/Button.tsx';
import { Card } from '../../../shared/ui/Card.tsx';
import { ScrollRegion } from '../../../shared/ui/ScrollRegion.tsx';
import { useToast } from '../../toast/useToast.ts';
import { formatDateTime, ResourceView, StatusBadge } from '../AdminParts.tsx';
import { describeFailure, useAdminMutation, useAdminQuery } from '../useAdminQuery.ts';

const TONE = { pending: 'warn', approved: 'ok', declined: 'neutral' } as const;

/** Where an approved request's link stands: waiting, opened, or past its expiry. */
function linkState(request: KeyRequestView): string {
  if (request.status !== 'approved' || !request.linkExpiresAt) return '';
  if (request.linkOpenedAt) return `Key shown ${formatDateTime(request.linkOpenedAt)}`;
  if (Date.parse(request.linkExpiresAt) <= Date.now()) return 'Link expired unopened';
  return `Link works until ${formatDateTime(request.linkExpiresAt)}`;
}

/**
 * Partners' key requests from the developers page: approve (a key with the default limit is made
 * and its one-time link mailed) or decline (a polite mail). Says when no mail server is configured:
 * the decisions then wait in the outbox until one is.
 */
export function KeyRequests() {
  const requests = useAdminQuery(ListKeyRequests);
  const approve = useAdminMutation(ApproveKeyRequest, [ListKeyRequests, ListApiKeys]);
  const decline = useAdminMutation(DeclineKeyRequest, [ListKeyRequests]);
  const { toast } = useToast();
  const busy = approve.isPending || decline.isPending;

  async function decide(request: KeyRequestView, approving: boolean) {
    const question = approving
      ? `Approve the request of ${request.organisation}? A key is made and its link emailed to ${request.email}.`
      : `Decline the request of ${request.organisation}? ${request.email} is told by email.`;
    if (!window.confirm(question)) return;
    try {
      if (approving) await approve.mutateAsync({ params: { id: request.id }, body: {} });
      else await decline.mutateAsync({ params: { id: request.id } });
      toast({
        title: approving ? 'Request approved' : 'Request declined',
        description: `${request.email} will be emailed.`,
      });
    } catch (error) {
      toast({ variant: 'destructive', title: 'The decision failed', description: describeFailure(error) });
    }
  }

  return (
    <Card
      title="Key Requests"
      headingLevel={2}
      description="Partners ask for keys on the developers page. An approved partner gets a link that shows the key once, for 7 days."
    >
      <ResourceView resource={requests} what="key requests">
        {({ requests: list, mailAvailable }) => (
          <>
            {!mailAvailable && (
              <Alert variant="destructive" title="Mail is unavailable">
                No mail server is configured: decisions are kept and emailed once one is set up under SMTP
                Settings. An approved partner's link expires 7 days after approval.
              </Alert>
            )}
            {list.length === 0 ? (
              <p className="admin-empty">No key requests yet.</p>
            ) : (
              <ScrollRegion className="admin-table-wrap" label="Key requests, scrollable">
                <table className="admin-table key-requests-table">
                  <thead>
                    <tr>
                      <th scope="col">Received</th>
                      <th scope="col">Name</th>
                      <th scope="col">Organisation</th>
                      <th scope="col">Intended use</th>
                      <th scope="col">Status</th>
                      <th scope="col">Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((request) => (
                      <tr key={request.id}>
                        <td>{formatDateTime(request.createdAt)}</td>
                        <td>
                          {request.name}
                          <br />
                          <a href={`mailto:${request.email}`}>{request.email}</a>
                        </td>
                        <td>{request.organisation}</td>
                        <td className="key-requests-table__use">{request.intendedUse}</td>
                        <td>
                          <StatusBadge tone={TONE[request.status]}>{request.status}</StatusBadge>
                          <br />
                          <span className="muted">{linkState(request)}</span>
                        </td>
                        <td>
                          {request.status === 'pending' && (
                            <div className="admin-actions">
                              <Button
                                size="sm"
                                disabled={busy}
                                onClick={() => void decide(request, true)}
                                aria-label={`Approve ${request.organisation}`}
                              >
                                Approve
                              </Button>
                              <Button
                                size="sm"
                                variant="secondary"
                                disabled={busy}
                                onClick={() => void decide(request, false)}
                                aria-label={`Decline ${request.organisation}`}
                              >
                                Decline
                              </Button>
                            </div>
                          )}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            )}
          </>
        )}
      </ResourceView>
    </Card>
  );
}
