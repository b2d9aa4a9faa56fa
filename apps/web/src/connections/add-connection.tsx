import type { ErrorSchema } from '@rjsf/utils';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { ApiError, api } from '../api';
import { planForm } from '../commands/form-plan';
import { errorSchemaFromHost, SchemaForm } from '../form/schema-form';
import { useHostData } from '../host-data';
import type { ConnectorInfo, ErrorJson } from '../types';
import { ErrorPanel } from '../ui/error-panel';
import { credentialsPlan, suggestName } from './credentials-plan';
import { connectWithPopup, type OAuthOutcome, oauthNote } from './oauth';

function errorOf(cause: unknown): ErrorJson {
  return cause instanceof ApiError
    ? cause.body
    : { name: 'Error', kind: 'network', message: String(cause), retryable: false };
}

/** The nested part of a host validation error that belongs to one sub-form (`credentials.apiKey` → `apiKey`). */
function scoped(error: ErrorJson, prefix: string): ErrorJson | undefined {
  if (!error.parameter?.startsWith(`${prefix}.`)) return undefined;
  const issues = (error.details?.issues as { parameter: string; message: string }[] | undefined)
    ?.filter((issue) => issue.parameter.startsWith(`${prefix}.`))
    .map((issue) => ({ ...issue, parameter: issue.parameter.slice(prefix.length + 1) }));
  const message = error.message.replace(
    `"${error.parameter}"`,
    `"${error.parameter.slice(prefix.length + 1)}"`,
  );
  return {
    ...error,
    message,
    parameter: error.parameter.slice(prefix.length + 1),
    details: { issues: issues ?? [] },
  };
}

/**
 * A provider's refusal of credentials being added: a new key that was refused is not an account to
 * "reconnect". Says which credentials, keeps the provider's own words, status and request id.
 */
export function refusedOnAdd(error: ErrorJson, connector: ConnectorInfo, fields: string[]): ErrorJson {
  if (error.kind !== 'auth') return error;
  const what = fields.length === 1 ? `this ${fields[0]}` : 'these credentials';
  return {
    ...error,
    message: `${connector.title} refused ${what}. Check ${fields.length === 1 ? 'it' : 'them'} and save again.`,
    needsReconnect: false,
  };
}

/**
 * Adds a connection: a masked credentials form for API-key and Basic connectors (checked by the host
 * on save), or Connect in a pop-up for OAuth ones. With `replacing`, it swaps the credentials of an
 * existing connection (removed first, then saved again under the same name).
 */
export function AddConnection({
  initialConnector,
  replacing,
  onDone,
  onCancel,
}: {
  initialConnector?: string | undefined;
  replacing?: string | undefined;
  onDone(message: string): void;
  onCancel(): void;
}) {
  const host = useHostData();
  const formId = useId().replaceAll(':', '');
  const takenNames = host.connections.map((connection) => connection.name);
  const [connectorId, setConnectorId] = useState(initialConnector ?? host.connectors[0]?.id ?? '');
  const connector: ConnectorInfo | undefined = host.connector(connectorId);
  const [name, setName] = useState(replacing ?? suggestName(connectorId, takenNames));
  const [nameTouched, setNameTouched] = useState(Boolean(replacing));
  const [isDefault, setIsDefault] = useState(false);
  const [useKey, setUseKey] = useState(false);
  const [credentials, setCredentials] = useState<Record<string, unknown>>({});
  const [options, setOptions] = useState<Record<string, unknown>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorJson | undefined>();
  const [oauthFailed, setOauthFailed] = useState<OAuthOutcome | undefined>();
  const [nameError, setNameError] = useState<string | undefined>();

  const isOAuth = connector?.auth.type === 'oauth2';
  const canOAuth = isOAuth && connector?.oauthConfigured !== false;
  const credentialForm = useMemo(() => (connector ? credentialsPlan(connector) : undefined), [connector]);
  const optionsForm = useMemo(
    () => (connector ? planForm('', connector.optionsSchema) : undefined),
    [connector],
  );
  const typing = !isOAuth || useKey || !canOAuth;
  const credentialErrors: ErrorSchema | undefined = useMemo(() => {
    const part = error && scoped(error, 'credentials');
    return part && credentialForm ? errorSchemaFromHost(part, credentialForm.schema) : undefined;
  }, [error, credentialForm]);

  function chooseConnector(id: string) {
    setConnectorId(id);
    setCredentials({});
    setOptions({});
    setUseKey(false);
    setError(undefined);
    setOauthFailed(undefined);
    if (!nameTouched) setName(suggestName(id, takenNames));
  }

  function checkName(): boolean {
    if (name.trim() === '') {
      setNameError(`Give the connection a name, e.g. ${suggestName(connectorId, takenNames)}.`);
      return false;
    }
    if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,62}$/.test(name)) {
      setNameError(
        'Use letters, digits, dot, dash or underscore (up to 63), starting with a letter or digit.',
      );
      return false;
    }
    if (!replacing && takenNames.includes(name)) {
      setNameError(`A connection named "${name}" already exists.`);
      return false;
    }
    setNameError(undefined);
    return true;
  }

  async function save(data: Record<string, unknown>) {
    if (!connector || !checkName()) return;
    setBusy(true);
    setError(undefined);
    try {
      if (replacing) await api.deleteConnection(replacing);
      await api.createConnection({ name, connector: connector.id, credentials: data, options, isDefault });
      await host.refreshConnections();
      onDone(
        replacing
          ? `Replaced the credentials of ${name}.`
          : `Saved ${name}: the host checked it with ${connector.title}.`,
      );
    } catch (cause) {
      const json = errorOf(cause);
      if (json.parameter === 'name') setNameError(json.message);
      const fields = Object.entries(credentialForm?.schema.properties ?? {}).map(([key, field]) =>
        typeof field === 'object' && typeof field.title === 'string' ? field.title : key,
      );
      setError(refusedOnAdd(json, connector, fields));
      if (replacing) await host.refreshConnections();
    } finally {
      setBusy(false);
    }
  }

  async function connect(event: FormEvent) {
    event.preventDefault();
    if (!connector || !checkName()) return;
    setError(undefined);
    setOauthFailed(undefined);
    setBusy(true);
    const outcome = await connectWithPopup(connector.id, name);
    setBusy(false);
    await host.refreshConnections();
    if (outcome.ok) onDone(`Connected ${outcome.connection} to ${connector.title}.`);
    else setOauthFailed(outcome);
  }

  const nameId = `${formId}-name`;
  return (
    <section className="card add-connection" aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`}>
        {replacing ? `Replace the credentials of ${replacing}` : 'Add a connection'}
      </h2>
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
            onChange={(event) => chooseConnector(event.target.value)}
          >
            {host.connectors.map((entry) => (
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
            onChange={(event) => {
              setName(event.target.value);
              setNameTouched(true);
            }}
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
            <input
              type="checkbox"
              checked={isDefault}
              onChange={(event) => setIsDefault(event.target.checked)}
            />
            Make it the default {connector?.title ?? ''} connection
          </label>
        )}
      </div>

      {connector && isOAuth && !typing && (
        <form className="add-connection__oauth" onSubmit={connect}>
          <p className="muted">
            A window opens where you sign in to {connector.title} and grant access. It closes by itself when
            done.
          </p>
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? 'Waiting for the sign-in window…' : `Connect ${connector.title}`}
            </button>
            {credentialForm && (
              <button type="button" className="button" onClick={() => setUseKey(true)}>
                Use an API key instead
              </button>
            )}
            <button type="button" className="button button--quiet" onClick={onCancel}>
              Cancel
            </button>
          </div>
        </form>
      )}

      {connector && typing && !credentialForm && (
        <p className="muted">
          {connector.title} can only be connected through OAuth, which this host has not been configured for.
        </p>
      )}

      {connector && typing && credentialForm && (
        <>
          {isOAuth && !canOAuth && (
            <p className="muted">OAuth is not configured on this host; connect with a key instead.</p>
          )}
          <SchemaForm
            key={connector.id}
            id={`${formId}-credentials`}
            schema={credentialForm.schema}
            uiSchema={credentialForm.uiSchema}
            formData={credentials}
            extraErrors={credentialErrors}
            disabled={busy}
            onChange={setCredentials}
            onSubmit={save}
            // The name is outside this form: say what is wrong with it too, not only the keys.
            onInvalid={() => checkName()}
          >
            {optionsForm && Object.keys(optionsForm.schema.properties ?? {}).length > 0 && (
              <details className="advanced">
                <summary>Advanced options</summary>
                <SchemaForm
                  id={`${formId}-options`}
                  tagName="div"
                  schema={optionsForm.schema}
                  uiSchema={optionsForm.uiSchema}
                  formData={options}
                  disabled={busy}
                  onChange={setOptions}
                  onSubmit={() => undefined}
                >
                  {null}
                </SchemaForm>
              </details>
            )}
            <div className="button-row">
              <button type="submit" className="button button--primary" disabled={busy}>
                {busy ? 'Checking…' : replacing ? 'Replace and check' : 'Save and check'}
              </button>
              {isOAuth && canOAuth && (
                <button type="button" className="button" onClick={() => setUseKey(false)}>
                  Use OAuth instead
                </button>
              )}
              <button type="button" className="button button--quiet" onClick={onCancel}>
                Cancel
              </button>
            </div>
          </SchemaForm>
        </>
      )}
      {error && <ErrorPanel error={error} />}
      {oauthFailed && !oauthFailed.ok && (
        <p className="notice notice--warn" role="status">
          {oauthNote(oauthFailed, connector?.title ?? connectorId)}
        </p>
      )}
    </section>
  );
}
