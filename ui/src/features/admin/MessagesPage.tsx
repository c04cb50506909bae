import { useState } from 'react';
import { Button } from '../../shared/ui/Button.tsx';
import { Card } from '../../shared/ui/Card.tsx';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useToast } from '../toast/useToast.ts';
import { ListMessages, RetryMessage } from '../../../../common/contracts/admin.ts';
import {
  MESSAGES_PAGE_SIZE,
  type MessageStatus,
  type MessagesList,
  type OutboxMessageView,
} from './adminApi.ts';
import { BackToDashboard, formatDateTime, Pager, ResourceView, StatusBadge } from './AdminParts.tsx';
import { describeFailure, useAdminMutation, useAdminQuery } from './useAdminQuery.ts';
import './admin.css';

const FILTERS: readonly { status: MessageStatus | undefined; label: string }[] = [
  { status: undefined, label: 'All' },
  { status: 'pending', label: 'Waiting' },
  { status: 'sent', label: 'Delivered' },
  { status: 'failed', label: 'Failed' },
];

const STATUS_TEXT: Record<MessageStatus, { label: string; tone: 'ok' | 'warn' | 'bad' }> = {
  pending: { label: 'Waiting to send', tone: 'warn' },
  sent: { label: 'Delivered', tone: 'ok' },
  failed: { label: 'Failed', tone: 'bad' },
};

/** Contact messages and data-issue reports as the outbox holds them, with their delivery status. */
export function MessagesPage() {
  const [status, setStatus] = useState<MessageStatus | undefined>(undefined);
  const [offset, setOffset] = useState(0);
  const list = useAdminQuery(ListMessages, { query: { limit: MESSAGES_PAGE_SIZE, offset, status } });

  function choose(next: MessageStatus | undefined) {
    setStatus(next);
    setOffset(0);
  }

  return (
    <div className="page admin-page">
      <PageHeader
        eyebrow={<BackToDashboard />}
        title="Messages"
        lead="Contact messages and data issue reports from the survey clock page. Each is stored before it is emailed to the admin address, and retried until the mail server accepts it."
      />
      <Card>
        <div className="admin-filter" role="group" aria-label="Show messages">
          {FILTERS.map((filter) => (
            <Button
              key={filter.label}
              size="sm"
              variant={status === filter.status ? 'primary' : 'secondary'}
              aria-pressed={status === filter.status}
              onClick={() => choose(filter.status)}
            >
              {filter.label}
              {list.status === 'ready' && filter.status && (
                <>
                  {' '}
                  <span className="admin-filter__count">{list.data.counts[filter.status]}</span>
                </>
              )}
            </Button>
          ))}
          <Button size="sm" variant="ghost" className="admin-filter__refresh" onClick={list.reload}>
            Refresh
          </Button>
        </div>
        <ResourceView resource={list} what="messages">
          {(data) => <MessageList data={data} offset={offset} onPage={setOffset} />}
        </ResourceView>
      </Card>
    </div>
  );
}

function MessageList({
  data,
  offset,
  onPage,
}: {
  data: MessagesList;
  offset: number;
  onPage: (offset: number) => void;
}) {
  if (data.messages.length === 0) return <p className="admin-empty">No messages here.</p>;
  return (
    <>
      <ol className="admin-messages">
        {data.messages.map((message) => (
          <MessageItem key={message.id} message={message} />
        ))}
      </ol>
      <Pager
        label="Message pages"
        offset={offset}
        total={data.total}
        pageSize={MESSAGES_PAGE_SIZE}
        onPage={onPage}
      />
    </>
  );
}

function MessageItem({ message }: { message: OutboxMessageView }) {
  const { toast } = useToast();
  // Every list of messages (this page, the dashboard's count) is read again after a retry.
  const retryMessage = useAdminMutation(RetryMessage, [ListMessages]);
  const status = STATUS_TEXT[message.status];
  const isContact = message.kind === 'contact';
  // From the scheduled data update (api/src/data-updates): its checks keep failing.
  const isUpdate = message.kind === 'data-update';
  const text = (isContact || isUpdate ? message.payload.message : message.payload.issue) ?? '';

  async function retry() {
    try {
      await retryMessage.mutateAsync({ params: { id: message.id } });
      toast({ title: 'Retry Scheduled', description: `Message ${message.id} will be sent again shortly.` });
    } catch (error) {
      toast({ variant: 'destructive', title: 'Retry Failed', description: describeFailure(error) });
    }
  }

  return (
    <li className="admin-message">
      <div className="admin-message__head">
        <StatusBadge tone="neutral">
          {isContact ? 'Contact' : isUpdate ? 'Data update' : 'Data issue'}
        </StatusBadge>
        <span className="admin-message__from">
          {isContact ? (
            <>
              {message.payload.name} <span className="muted">&lt;{message.payload.email}&gt;</span>
            </>
          ) : isUpdate ? (
            <>The scheduled data update</>
          ) : (
            <>Anonymous report from {message.payload.page ?? 'an unknown page'}</>
          )}
        </span>
        <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
      </div>
      <p className="admin-message__text">{text}</p>
      <dl className="admin-message__meta">
        <div>
          <dt>Received</dt>
          <dd>{formatDateTime(message.createdAt)}</dd>
        </div>
        {message.sentAt && (
          <div>
            <dt>Delivered</dt>
            <dd>{formatDateTime(message.sentAt)}</dd>
          </div>
        )}
        <div>
          <dt>Attempts</dt>
          <dd>{message.attempts}</dd>
        </div>
        {message.nextAttemptAt && (
          <div>
            <dt>Next attempt</dt>
            <dd>{formatDateTime(message.nextAttemptAt)}</dd>
          </div>
        )}
      </dl>
      {message.lastError && message.status !== 'sent' && (
        <p className="admin-message__error">Last error: {message.lastError}</p>
      )}
      {message.status !== 'sent' && (
        <Button size="sm" variant="secondary" disabled={retryMessage.isPending} onClick={() => void retry()}>
          {retryMessage.isPending ? 'Retrying...' : message.status === 'failed' ? 'Retry' : 'Send now'}
        </Button>
      )}
    </li>
  );
}
