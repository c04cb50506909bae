import type { ErrorComponentProps } from '@tanstack/react-router';
import { Alert } from '../shared/ui/Alert.tsx';
import { Button } from '../shared/ui/Button.tsx';
import { PageHeader } from '../shared/ui/PageHeader.tsx';

/** Shown when a page fails to render or load, so the visitor keeps the header and a way forward. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  return (
    <div className="page page--narrow">
      <PageHeader title="Something went wrong" lead="This page could not be shown." />
      <Alert variant="destructive" title="Error">
        {error instanceof Error ? error.message : String(error)}
      </Alert>
      <div className="actions">
        <Button onClick={reset}>Try again</Button>
      </div>
    </div>
  );
}
