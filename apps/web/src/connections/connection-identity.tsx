import type { ConnectorInfo } from '../types';

/**
 * The fields every new connection has, whatever its auth: the connector (the provider), the
 * connection's name, and whether it becomes the connector's default.
 */
export function ConnectionIdentity({
  formId,
  connectors,
  connector,
  connectorId,
  onConnector,
  name,
  nameError,
  onName,
  replacing,
  isDefault,
  onDefault,
}: {
  formId: string;
  connectors: ConnectorInfo[];
  connector: ConnectorInfo | undefined;
  connectorId: string;
  onConnector: (id: string) => void;
  name: string;
  nameError: string | undefined;
  onName: (name: string) => void;
  /** The connection whose credentials are being replaced: its connector and name stay. */
  replacing: string | undefined;
  isDefault: boolean;
  onDefault: (isDefault: boolean) => void;
}) {
  const nameId = `${formId}-name`;
  return (
    <div className="form-fields">
      <div className="field">
        <div className="field__head">
          <label className="field__label" htmlFor={`${formId}-connector`}>
            Connector
          </label>
        </div>
        <select
          id={`${formId}-connector`}
          value={connectorId}
          disabled={Boolean(replacing)}
          onChange={(event) => onConnector(event.target.value)}
        >
          {connectors.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.title}
            </option>
          ))}
        </select>
        {connector && <p className="field__description">{connector.description}</p>}
      </div>
      <div className={`field${nameError ? ' field--invalid' : ''}`}>
        <div className="field__head">
          <label className="field__label" htmlFor={nameId}>
            Connection name<span className="field__required"> *</span>
          </label>
        </div>
        <input
          id={nameId}
          type="text"
          value={name}
          required
          readOnly={Boolean(replacing)}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={nameError ? true : undefined}
          aria-describedby={`${nameId}-help${nameError ? ` ${nameId}-error` : ''}`}
          onChange={(event) => onName(event.target.value)}
        />
        <p id={`${nameId}-help`} className="field__description">
          How commands, the CLI and MCP refer to this account.
        </p>
        {nameError && (
          <div id={`${nameId}-error`} className="field__error">
            <p>{nameError}</p>
          </div>
        )}
      </div>
      {!replacing && (
        <label className="checkbox">
          <input type="checkbox" checked={isDefault} onChange={(event) => onDefault(event.target.checked)} />
          Make it the default {connector?.title ?? ''} connection
        </label>
      )}
    </div>
  );
}
