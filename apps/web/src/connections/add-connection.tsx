import type { ErrorSchema } from '@rjsf/utils';
import { type FormEvent, useId, useMemo, useState } from 'react';
import { api, errorOf } from '../api';
import { planForm } from '../commands/form-plan';
import { errorSchemaFromHost } from '../form/schema-form';
import { useHostData } from '../host-data';
import type { ConnectorInfo, ErrorJson } from '../types';
import { ErrorPanel } from '../ui/error-panel';
import { nameProblem, refusedOnAdd, scoped } from './add-connection-checks';
import { ConnectionIdentity } from './connection-identity';
import { CredentialsForm } from './credentials-form';
import { credentialsPlan, suggestName } from './credentials-plan';
import { connectWithPopup, type OAuthOutcome, oauthNote } from './oauth';
import { OAuthConnect } from './oauth-connect';

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
    const problem = nameProblem(name, {
      taken: takenNames,
      replacing: Boolean(replacing),
      suggestion: suggestName(connectorId, takenNames),
    });
    setNameError(problem);
    return problem === undefined;
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

  return (
    <section className="card add-connection" aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`}>
        {replacing ? `Replace the credentials of ${replacing}` : 'Add a connection'}
      </h2>
      <ConnectionIdentity
        formId={formId}
        connectors={host.connectors}
        connector={connector}
        connectorId={connectorId}
        onConnector={chooseConnector}
        name={name}
        nameError={nameError}
        onName={(value) => {
          setName(value);
          setNameTouched(true);
        }}
        replacing={replacing}
        isDefault={isDefault}
        onDefault={setIsDefault}
      />

      {connector && isOAuth && !typing && (
        <OAuthConnect
          connector={connector}
          busy={busy}
          canUseKey={Boolean(credentialForm)}
          onConnect={connect}
          onUseKey={() => setUseKey(true)}
          onCancel={onCancel}
        />
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
          <CredentialsForm
            formId={formId}
            connector={connector}
            credentialForm={credentialForm}
            optionsForm={optionsForm}
            credentials={credentials}
            onCredentials={setCredentials}
            options={options}
            onOptions={setOptions}
            errors={credentialErrors}
            busy={busy}
            replacing={Boolean(replacing)}
            onSave={save}
            // The name is outside this form: say what is wrong with it too, not only the keys.
            onInvalid={() => checkName()}
            onUseOAuth={isOAuth && canOAuth ? () => setUseKey(false) : undefined}
            onCancel={onCancel}
          />
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
