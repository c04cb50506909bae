import { useEffect, useRef, useState } from 'react';
import type { SearchRequestBody, SearchResponse } from '../../../../common/search/types.ts';
import { Button } from '../../shared/ui/Button.tsx';
import { useToast } from '../toast/useToast.ts';
import {
  crimesToCsv,
  crimesToJson,
  exportFileName,
  fetchAllCrimes,
  saveFile,
  type ExportFormat,
  type ExportProgress,
} from './exportResults.ts';
import { searchCrimes, searchErrorMessage } from './searchApi.ts';
import { formatCount } from './searchFormat.ts';

const MIME: Record<ExportFormat, string> = { csv: 'text/csv;charset=utf-8', json: 'application/json' };

/** Export CSV / Export JSON of every crime of the search, with progress for large results. */
export function ExportPanel({ request, response }: { request: SearchRequestBody; response: SearchResponse }) {
  const { toast } = useToast();
  const [running, setRunning] = useState<{ format: ExportFormat; progress: ExportProgress } | null>(null);
  const controllerRef = useRef<AbortController | null>(null);

  useEffect(() => () => controllerRef.current?.abort(), []);

  async function exportAs(format: ExportFormat) {
    const controller = new AbortController();
    controllerRef.current = controller;
    setRunning({ format, progress: { loaded: 0, total: response.pagination.total } });
    try {
      const crimes = await fetchAllCrimes(request, searchCrimes, controller.signal, (progress) =>
        setRunning({ format, progress }),
      );
      const contents = format === 'csv' ? crimesToCsv(crimes) : crimesToJson(response, crimes, new Date());
      saveFile(contents, exportFileName(response, format), MIME[format]);
    } catch (error) {
      if (!controller.signal.aborted) {
        toast({ variant: 'destructive', title: 'Export Failed', description: searchErrorMessage(error) });
      }
    } finally {
      if (controllerRef.current === controller) controllerRef.current = null;
      setRunning(null);
    }
  }

  const empty = response.pagination.total === 0;
  return (
    <div className="export" role="group" aria-label="Export the whole result">
      {running ? (
        <>
          <span className="export__progress" role="status">
            <span className="spinner spinner--small" aria-hidden="true" />
            Preparing {running.format.toUpperCase()}: {formatCount(running.progress.loaded)} of{' '}
            {formatCount(running.progress.total)} crimes
          </span>
          <Button variant="ghost" size="sm" onClick={() => controllerRef.current?.abort()}>
            Cancel
          </Button>
        </>
      ) : (
        <>
          <Button variant="secondary" size="sm" disabled={empty} onClick={() => void exportAs('csv')}>
            <DownloadIcon />
            Export CSV
          </Button>
          <Button variant="secondary" size="sm" disabled={empty} onClick={() => void exportAs('json')}>
            <DownloadIcon />
            Export JSON
          </Button>
        </>
      )}
    </div>
  );
}

function DownloadIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
      <path
        d="M8 2 V10 M4.5 6.5 L8 10 L11.5 6.5 M2.5 13.5 H13.5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
