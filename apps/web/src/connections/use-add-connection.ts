import type { ErrorSchema } from '@rjsf/utils';
import { type FormEvent, useMemo, useState } from 'react';
import { api, errorOf } from '../api';
import { planForm } from '../commands/form-plan';
import { errorSchemaFromHost } from '../form/schema-form';
import { type HostData, useHostData } from '../host-data';
import type { ConnectorInfo, ErrorJson } from '../types';
import { nameProblem, refusedOnAdd, scoped } from './add-connection-checks';
import { credentialsPlan, suggestName } from './credentials-plan';
import { connectWithPopup, type OAuthOutcome } from './oauth';

/** What `AddConnection` is given. */
export interface AddConnectionProps {
  initialConnector?: string | undefined;
  replacing?: string | undefined;
  onDone(message: string): void;
  onCancel(): void;
}

/** The connection being written: its connector, name, default flag, credentials and options. */
function useDraft(host: HostData, initialConnector: string | undefined, replacing: string | undefined) {
  const takenNames = host.connections.map((connection) => connection.name);
  const [connectorId, setConnectorId] = useState(initialConnector ?? host.connectors[0]?.id ?? '');
  const connector: ConnectorInfo | undefined = host.connector(connectorId);
  const [name, setName] = useState(replacing ?? suggestName(connectorId, takenNames));
  const [nameTouched, setNameTouched] = useState(Boolean(replacing));
  const [isDefault, setIsDefault] = useState(false);
  const [useKey, setUseKey] = useState(false);
  const [credentials, setCredentials] = useState<Record<string, unknown>>({});
  const [options, setOptions] = useState<Record<string, unknown>>({});
  const [nameError, setNameError] = useState<string | undefined>();
  const credentialForm = useMemo(() => (connector ? credentialsPlan(connector) : undefined), [connector]);
  const optionsForm = useMemo(
    () => (connector ? planForm('', connector.optionsSchema) : undefined),
    [connector],
  );

  function checkName(): boolean {
    const problem = nameProblem(name, {
      taken: takenNames,
      replacing: Boolean(replacing),
      suggestion: suggestName(connectorId, takenNames),
    });
    setNameError(problem);
    return problem === undefined;
  }

  return {
    connectorId,
    setConnectorId,
    connector,
    name,
    setName,
    nameTouched,
    setNameTouched,
    isDefault,
    setIsDefault,
    useKey,
    setUseKey,
    credentials,
    setCredentials,
    options,
    setOptions,
    nameError,
    setNameError,
    credentialForm,
    optionsForm,
    takenNames,
    checkName,
  };
}

/** The labels of a credentials form's fields, for a refusal that names them. */
function fieldTitles(draft: ReturnType<typeof useDraft>): string[] {
  return Object.entries(draft.credentialForm?.schema.properties ?? {}).map(([key, field]) =>
    typeof field === 'object' && typeof field.title === 'string' ? field.title : key,
  );
}

/**
 * Adding a connection: the draft, saving typed credentials (replacing: the old connection is removed
 * first) or connecting through OAuth in a pop-up, and what went wrong.
 */
export function useAddConnection({ initialConnector, replacing, onDone }: AddConnectionProps) {
  const host = useHostData();
  const draft = useDraft(host, initialConnector, replacing);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorJson | undefined>();
  const [oauthFailed, setOauthFailed] = useState<OAuthOutcome | undefined>();
  const { connector, name, credentialForm } = draft;
  const credentialErrors: ErrorSchema | undefined = useMemo(() => {
    const part = error && scoped(error, 'credentials');
    return part && credentialForm ? errorSchemaFromHost(part, credentialForm.schema) : undefined;
  }, [error, credentialForm]);

  function chooseConnector(id: string) {
    draft.setConnectorId(id);
    draft.setCredentials({});
    draft.setOptions({});
    draft.setUseKey(false);
    setError(undefined);
    setOauthFailed(undefined);
    if (!draft.nameTouched) draft.setName(suggestName(id, draft.takenNames));
  }

  async function save(data: Record<string, unknown>) {
    if (!connector || !draft.checkName()) return;
    setBusy(true);
    setError(undefined);
    try {
      if (replacing) await api.deleteConnection(replacing);
      const { options, isDefault } = draft;
      await api.createConnection({ name, connector: connector.id, credentials: data, options, isDefault });
      await host.refreshConnections();
      onDone(
        replacing
          ? `Replaced the credentials of ${name}.`
          : `Saved ${name}: the host checked it with ${connector.title}.`,
      );
    } catch (cause) {
      const json = errorOf(cause);
      if (json.parameter === 'name') draft.setNameError(json.message);
      setError(refusedOnAdd(json, connector, fieldTitles(draft)));
      if (replacing) await host.refreshConnections();
    } finally {
      setBusy(false);
    }
  }

  async function connect(event: FormEvent) {
    event.preventDefault();
    if (!connector || !draft.checkName()) return;
    setError(undefined);
    setOauthFailed(undefined);
    setBusy(true);
    const outcome = await connectWithPopup(connector.id, name);
    setBusy(false);
    await host.refreshConnections();
    if (outcome.ok) onDone(`Connected ${outcome.connection} to ${connector.title}.`);
    else setOauthFailed(outcome);
  }

  return { host, draft, busy, error, oauthFailed, credentialErrors, chooseConnector, save, connect };
}
