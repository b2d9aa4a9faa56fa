import type { RefObject } from 'react';
import { useState } from 'react';
import { oauthNote } from '../connections/oauth';
import { useReconnect } from '../connections/reconnect';
import { ResultView } from '../results/result-view';
import type { CommandDetail, Connection } from '../types';
import { ErrorPanel } from '../ui/error-panel';
import { CallSnippets } from './call-snippets';
import type { Outcome } from './use-run';

/**
 * How the last run ended: its result in its best view, or its error (with Reconnect when the
 * credentials were refused), and the same call to use elsewhere.
 */
export function RunOutcome({
  outcome,
  detail,
  connection,
  connectorTitle,
  heading,
}: {
  outcome: Outcome;
  detail: CommandDetail;
  connection: Connection | undefined;
  connectorTitle: string;
  heading: RefObject<HTMLHeadingElement | null>;
}) {
  const reconnect = useReconnect();
  const [notice, setNotice] = useState<string | undefined>();
  return (
    <section className="card result-card" aria-labelledby="result-title">
      <div className="result-card__head">
        <h2 id="result-title" ref={heading} tabIndex={-1}>
          {outcome.ok ? 'Result' : 'Error'}
        </h2>
        <p className="muted">
          {outcome.ok ? 'Succeeded' : 'Failed'} in {Math.round(outcome.ms)} ms
          {outcome.connection ? ` on ${outcome.connection}` : ''}
        </p>
      </div>
      {outcome.ok ? (
        <ResultView
          key={outcome.id}
          commandId={detail.id}
          title={detail.title}
          input={outcome.input}
          result={outcome.result}
          inputSchema={detail.inputSchema}
          outputSchema={detail.outputSchema}
        />
      ) : (
        <ErrorPanel
          error={outcome.error}
          actions={
            (outcome.error.kind === 'auth' || outcome.error.needsReconnect) && connection ? (
              <button
                type="button"
                className="button button--primary"
                onClick={async () => {
                  const result = await reconnect(connection);
                  if (result?.ok) setNotice(`Reconnected ${connection.name}. Run the command again.`);
                  else if (result) setNotice(oauthNote(result, connectorTitle));
                }}
              >
                Reconnect {connection.name}
              </button>
            ) : undefined
          }
        />
      )}
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
      <CallSnippets commandId={detail.id} input={outcome.input} connection={connection} />
    </section>
  );
}
