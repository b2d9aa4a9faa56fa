import type { ReactNode } from 'react';
import type { ErrorJson, ErrorKind } from '../types';

/** Plain-language names of the error kinds. */
export const kindLabels: Record<ErrorKind, string> = {
  validation: 'Invalid input',
  auth: 'Authentication failed',
  permission: 'Permission denied',
  not_found: 'Not found',
  rate_limit: 'Rate limited',
  provider: 'Provider error',
  network: 'Network error',
  timeout: 'Timed out',
  internal: 'Host error',
  signature: 'Signature refused',
};

/** An error as the host reported it: its kind, message, the provider's own words and ids. */
export function ErrorPanel({ error, actions }: { error: ErrorJson; actions?: ReactNode }) {
  const facts: [string, string][] = [];
  if (error.parameter) facts.push(['Parameter', error.parameter]);
  if (error.status !== undefined) facts.push(['HTTP status', String(error.status)]);
  if (error.providerCode) facts.push(['Provider code', error.providerCode]);
  if (error.requestId) facts.push(['Request id', error.requestId]);
  if (error.retryAfterMs !== undefined)
    facts.push(['Retry after', `${Math.ceil(error.retryAfterMs / 1000)} s`]);
  return (
    <section className={`error-panel error-panel--${error.kind}`} role="alert" aria-label="Error">
      <div className="error-panel__head">
        <span className="badge badge--danger" data-kind={error.kind}>
          {kindLabels[error.kind] ?? error.kind}
        </span>
        <span className="error-panel__name">{error.name}</span>
        {error.retryable && <span className="badge">Retryable</span>}
      </div>
      <p className="error-panel__message">{error.message}</p>
      {/* Most messages quote the provider already: its words once, as the CLI prints them. */}
      {error.providerMessage && !error.message.includes(error.providerMessage.trim()) && (
        <p className="error-panel__provider">
          <span className="muted">Provider says: </span>
          {error.providerMessage}
        </p>
      )}
      {error.outcomeUnknown && (
        <p className="muted">
          The request was sent but no answer came back: check the provider before retrying.
        </p>
      )}
      {facts.length > 0 && (
        <dl className="facts">
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>
                <code>{value}</code>
              </dd>
            </div>
          ))}
        </dl>
      )}
      {actions && <div className="error-panel__actions">{actions}</div>}
    </section>
  );
}
