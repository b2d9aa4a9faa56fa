import { statusView } from '../connections/status';
import { hrefOf } from '../router';
import type { Connection } from '../types';

/** The connection a command runs on, with its state when it is not fine, or where to add one. */
export function ConnectionPicker({
  candidates,
  selected,
  onSelect,
  connectorTitle,
}: {
  candidates: Connection[];
  selected: string | undefined;
  onSelect: (name: string) => void;
  connectorTitle: string;
}) {
  const connection = candidates.find((entry) => entry.name === selected);
  const status = connection ? statusView(connection) : undefined;
  return (
    <div className="field connection-picker">
      <div className="field__head">
        <label className="field__label" htmlFor="run-connection">
          Connection
        </label>
      </div>
      {candidates.length > 0 ? (
        <select id="run-connection" value={selected ?? ''} onChange={(event) => onSelect(event.target.value)}>
          {candidates.map((entry) => (
            <option key={entry.name} value={entry.name}>
              {entry.name}
              {entry.isDefault ? ' (default)' : ''}
              {entry.sandbox ? ' · sandbox' : ''}
              {entry.status !== 'ok' ? ` · ${statusView(entry).label.toLowerCase()}` : ''}
            </option>
          ))}
        </select>
      ) : (
        <p className="notice">
          No {connectorTitle} connection yet.{' '}
          <a href={hrefOf({ page: 'connections' })}>Add one on Connections</a>; the host may still run with
          its environment variables.
        </p>
      )}
      {status?.message && (
        <p className={`notice notice--${status.tone}`} role="note">
          <strong>{status.label}:</strong> {status.message}
        </p>
      )}
    </div>
  );
}
