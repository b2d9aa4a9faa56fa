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
  return (
    <div className="form-fields">
      <ConnectorSelect
        formId={formId}
        connectors={connectors}
        connector={connector}
        connectorId={connectorId}
        onConnector={onConnector}
        locked={Boolean(replacing)}
      />
      <ConnectionNameField
        formId={formId}
        name={name}
        error={nameError}
        onName={onName}
        locked={Boolean(replacing)}
      />
      {!replacing && (
        <label className="checkbox">
          <input type="checkbox" checked={isDefault} onChange={(event) => onDefault(event.target.checked)} />
          Make it the default {connector?.title ?? ''} connection
        </label>
      )}
    </div>
  );
}

/** The connector to connect to, with its description; locked while credentials are replaced. */
function ConnectorSelect({
  formId,
  connectors,
  connector,
  connectorId,
  onConnector,
  locked,
}: {
  formId: string;
  connectors: ConnectorInfo[];
  connector: ConnectorInfo | undefined;
  connectorId: string;
  onConnector: (id: string) => void;
  locked: boolean;
}) {
  return (
    <div className="field">
      <div className="field__head">
        <label className="field__label" htmlFor={`${formId}-connector`}>
          Connector
        </label>
      </div>
      <select
        id={`${formId}-connector`}
        value={connectorId}
        disabled={locked}
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
  );
}

/** The connection's name, with its help and its error; read-only while credentials are replaced. */
function ConnectionNameField({
  formId,
  name,
  error,
  onName,
  locked,
}: {
  formId: string;
  name: string;
  error: string | undefined;
  onName: (name: string) => void;
  locked: boolean;
}) {
  const nameId = `${formId}-name`;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
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
        readOnly={locked}
        autoComplete="off"
        spellCheck={false}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${nameId}-help${error ? ` ${nameId}-error` : ''}`}
        onChange={(event) => onName(event.target.value)}
      />
      <p id={`${nameId}-help`} className="field__description">
        How commands, the CLI and MCP refer to this account.
      </p>
      {error && (
        <div id={`${nameId}-error`} className="field__error">
          <p>{error}</p>
        </div>
      )}
    </div>
  );
}
