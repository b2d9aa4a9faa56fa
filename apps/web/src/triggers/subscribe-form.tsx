import type { ErrorSchema } from '@rjsf/utils';
import { useCallback, useMemo, useState } from 'react';
import { api, errorOf } from '../api';
import { planForm } from '../commands/form-plan';
import type { FormContext } from '../form/form-context';
import { errorSchemaFromHost, SchemaForm } from '../form/schema-form';
import { useHostData } from '../host-data';
import type { Connection, ErrorJson } from '../types';
import { ErrorPanel } from '../ui/error-panel';
import { type SubscriptionInfo, type TriggerInfo, triggersApi } from './triggers-api';

/** What the form's lookups (a list of choices) run with: the trigger, the chosen connection. */
function useLookupContext(triggerId: string, connection: string, formData: Record<string, unknown>) {
  const runLookup = useCallback(
    async (command: string, input: Record<string, unknown>) =>
      (await api.run(command, input, connection || undefined)).result,
    [connection],
  );
  return useMemo<FormContext>(
    () => ({ commandId: triggerId, connection: connection || undefined, formData, runLookup }),
    [triggerId, connection, formData, runLookup],
  );
}

/** A trigger's form: the connection it listens on and its input; Subscribe asks the host. */
export function SubscribeForm({
  trigger,
  onSubscribed,
}: {
  trigger: TriggerInfo;
  onSubscribed(created: SubscriptionInfo): void;
}) {
  const host = useHostData();
  const choices = host.connections.filter((entry) => entry.connector === trigger.connector);
  const [connection, setConnection] = useState(
    () => (choices.find((entry) => entry.isDefault) ?? choices[0])?.name ?? '',
  );
  const [formData, setFormData] = useState<Record<string, unknown>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorJson | undefined>();
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const plan = useMemo(() => planForm(trigger.id, trigger.inputSchema), [trigger]);
  const formContext = useLookupContext(trigger.id, connection, formData);
  const formId = `subscribe-${trigger.id.replace(/\W/g, '-')}`;

  async function submit(data: Record<string, unknown>) {
    setBusy(true);
    setError(undefined);
    setExtraErrors(undefined);
    try {
      const created = await triggersApi.subscribe(trigger.id, connection || undefined, data);
      setFormData({});
      onSubscribed(created);
    } catch (caught) {
      const json = errorOf(caught);
      setError(json);
      setExtraErrors(errorSchemaFromHost(json, plan.schema));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`}>Subscribe to {trigger.title}</h2>
      <p className="muted">{trigger.description}</p>
      {choices.length === 0 ? (
        <p className="notice notice--warn">
          No connection for {host.connector(trigger.connector)?.title ?? trigger.connector} yet. Add one on
          the <a href="#/connections">Connections</a> screen.
        </p>
      ) : (
        <>
          <ConnectionChoice
            id={`${formId}-connection`}
            choices={choices}
            value={connection}
            disabled={busy}
            onChange={setConnection}
          />
          <SchemaForm
            key={trigger.id}
            id={formId}
            schema={plan.schema}
            uiSchema={plan.uiSchema}
            formData={formData}
            formContext={formContext}
            extraErrors={extraErrors}
            disabled={busy}
            onChange={setFormData}
            onSubmit={submit}
          >
            <div className="button-row">
              <button type="submit" className="button button--primary" disabled={busy}>
                {busy ? 'Subscribing…' : 'Subscribe'}
              </button>
            </div>
          </SchemaForm>
        </>
      )}
      {error && <ErrorPanel error={error} />}
    </section>
  );
}

/** The connection a subscription listens on, among the trigger's connector's. */
function ConnectionChoice({
  id,
  choices,
  value,
  disabled,
  onChange,
}: {
  id: string;
  choices: Connection[];
  value: string;
  disabled: boolean;
  onChange(name: string): void;
}) {
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        Connection
      </label>
      <select id={id} value={value} disabled={disabled} onChange={(event) => onChange(event.target.value)}>
        {choices.map((entry) => (
          <option key={entry.name} value={entry.name}>
            {entry.name}
            {entry.isDefault ? ' (default)' : ''}
          </option>
        ))}
      </select>
    </div>
  );
}
