import type { FormEvent } from 'react';
import type { ConnectorInfo } from '../types';

/** Connect through OAuth in a pop-up, with the way to a key instead when the connector takes one. */
export function OAuthConnect({
  connector,
  busy,
  canUseKey,
  onConnect,
  onUseKey,
  onCancel,
}: {
  connector: ConnectorInfo;
  busy: boolean;
  /** Whether the connector also takes a typed credential (e.g. a personal API key). */
  canUseKey: boolean;
  onConnect: (event: FormEvent) => void;
  onUseKey: () => void;
  onCancel: () => void;
}) {
  return (
    <form className="add-connection__oauth" onSubmit={onConnect}>
      <p className="muted">
        A window opens where you sign in to {connector.title} and grant access. It closes by itself when done.
      </p>
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Waiting for the sign-in window…' : `Connect ${connector.title}`}
        </button>
        {canUseKey && (
          <button type="button" className="button" onClick={onUseKey}>
            Use an API key instead
          </button>
        )}
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
