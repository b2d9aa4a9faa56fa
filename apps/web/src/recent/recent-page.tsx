import { useEffect, useRef, useState } from 'react';
import { useHostData } from '../host-data';
import { navigate } from '../router';
import type { ErrorKind } from '../types';
import { kindLabels } from '../ui/error-panel';
import { forgetRuns, loadRecentRuns, type RecentRun, setPendingRun } from './recent-runs';

function when(iso: string): string {
  const date = new Date(iso);
  return date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** Recent runs of this browser, each can be opened with its input or run again. */
export function RecentPage() {
  const host = useHostData();
  const [runs, setRuns] = useState<RecentRun[]>(() => loadRecentRuns());
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  function open(run: RecentRun, autorun: boolean) {
    setPendingRun({ commandId: run.commandId, input: run.input, connection: run.connection, autorun });
    navigate({ page: 'commands', commandId: run.commandId });
  }

  return (
    <div className="page">
      <div className="page__head">
        <div>
          <h1 ref={headingRef} tabIndex={-1}>
            Recent runs
          </h1>
          <p className="muted">Kept in this browser only, without results or credentials.</p>
        </div>
        {runs.length > 0 && (
          <button type="button" className="button button--quiet" onClick={() => setRuns(forgetRuns())}>
            Clear all
          </button>
        )}
      </div>
      {runs.length === 0 ? (
        <p className="empty">No runs yet. Runs from the Commands screen appear here.</p>
      ) : (
        <ol className="recent-list">
          {runs.map((run) => {
            const connector = host.connector(run.commandId.split('.')[0] ?? '');
            return (
              <li key={run.id} className="card recent">
                <div className="recent__main">
                  <h2 className="recent__title">
                    {run.title}{' '}
                    <span className="muted">· {connector?.title ?? run.commandId.split('.')[0]}</span>
                  </h2>
                  <p className="recent__meta">
                    {run.ok ? (
                      <span className="badge badge--ok">Succeeded</span>
                    ) : (
                      <span className="badge badge--danger">
                        {kindLabels[run.errorKind as ErrorKind] ?? 'Failed'}
                      </span>
                    )}
                    <span>{when(run.at)}</span>
                    {run.connection && <span>on {run.connection}</span>}
                    <span>{run.durationMs} ms</span>
                  </p>
                  <code className="recent__input">{JSON.stringify(run.input)}</code>
                </div>
                <div className="button-row">
                  <button
                    type="button"
                    className="button button--primary"
                    aria-label={`Run ${run.title} again`}
                    onClick={() => open(run, true)}
                  >
                    Run again
                  </button>
                  <button
                    type="button"
                    className="button"
                    aria-label={`Open ${run.title} with this input`}
                    onClick={() => open(run, false)}
                  >
                    Open
                  </button>
                  <button
                    type="button"
                    className="button button--quiet"
                    aria-label={`Forget this run of ${run.title}`}
                    onClick={() => setRuns(forgetRuns(run.id))}
                  >
                    Forget
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
