import { useEffect, useState } from 'react';
import { GetDataStatus, type CheckResult } from '../../../../common/contracts/data-status.ts';
import { PostDataUpdateCheck } from '../../../../common/contracts/data-updates.ts';
import { Button } from '../../shared/ui/Button.tsx';
import { Card } from '../../shared/ui/Card.tsx';
import { describeFailure, useAdminMutation, useAdminQuery } from './useAdminQuery.ts';
import { formatDateTime, ResourceView, StatusBadge } from './AdminParts.tsx';

/** How often, and how many times, the card reads the status again after "Check now". */
const POLL_MS = 3000;
const POLLS = 60;

function resultTone(result: CheckResult): 'ok' | 'warn' | 'bad' | 'neutral' {
  if (result === 'up-to-date' || result === 'imported') return 'ok';
  if (result === 'failed') return 'bad';
  if (result === 'partial') return 'warn';
  return 'neutral';
}

/** The scheduled check for new police data: last check, its result, the next one, and "Check now". */
export function DataUpdatesCard() {
  const status = useAdminQuery(GetDataStatus);
  const checkNow = useAdminMutation(PostDataUpdateCheck, [GetDataStatus]);
  const [waitingSince, setWaitingSince] = useState<string | null | undefined>(undefined);
  const lastAt = status.status === 'ready' ? status.data.lastCheck.at : undefined;
  const { reload } = status;
  const { reset: clearNote } = checkNow;
  // What the server answered to "Check now", until the check has ended.
  const note = checkNow.data
    ? { text: checkNow.data.message, error: false }
    : checkNow.error
      ? { text: describeFailure(checkNow.error), error: true }
      : null;

  // After "Check now", read the status again until the check has ended (its time changes).
  useEffect(() => {
    if (waitingSince === undefined) return;
    if (lastAt !== undefined && lastAt !== waitingSince) {
      setWaitingSince(undefined);
      clearNote();
      return;
    }
    let polls = 0;
    const timer = setInterval(() => {
      if (++polls > POLLS) {
        clearInterval(timer);
        setWaitingSince(undefined);
      } else reload();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [waitingSince, lastAt, reload, clearNote]);

  async function start() {
    try {
      await checkNow.mutateAsync({});
      setWaitingSince(lastAt ?? null);
    } catch {
      // Said under the button, from the mutation's error.
    }
  }

  return (
    <Card
      title="Data updates"
      headingLevel={2}
      description="The API checks data.police.uk for a new month of police data and imports it."
    >
      <ResourceView resource={status} what="the data update status">
        {(data) => (
          <>
            <dl className="admin-facts">
              <dt>Last check</dt>
              <dd>{formatDateTime(data.lastCheck.at)}</dd>
              <dt>Result</dt>
              <dd>
                <StatusBadge tone={resultTone(data.lastCheck.result)}>{data.lastCheck.result}</StatusBadge>{' '}
                {data.lastCheck.message}
              </dd>
              <dt>Next check</dt>
              <dd>{data.nextCheckAt ? formatDateTime(data.nextCheckAt) : 'none scheduled'}</dd>
              <dt>Newest month held</dt>
              <dd>{data.latestMonth ?? '—'}</dd>
            </dl>
            <Button type="button" onClick={() => void start()} disabled={waitingSince !== undefined}>
              {waitingSince !== undefined ? 'Checking…' : 'Check now'}
            </Button>
            {note && (
              <p role="status" className={note.error ? 'admin-table__error' : 'muted'}>
                {note.text}
              </p>
            )}
          </>
        )}
      </ResourceView>
    </Card>
  );
}
