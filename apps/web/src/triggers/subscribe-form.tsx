import type { ErrorSchema } from '@rjsf/utils';
import { useCallback, useMemo, useState } from 'react';
import { api, errorOf } from '../api';
import { planForm } from '../commands/form-plan';
import type { FormContext } from '../form/form-context';
import { errorSchemaFromHost, SchemaForm } from '../form/schema-form';
import { useHostData } from '../host-data';
import type { Connection, ErrorJson } from '../types';
import { ErrorPanel } from '../ui/error-panel';
import { type SubscriptionCreated, type TriggerInfo, triggersApi } from './triggers-api';

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

/** The parameter the host names when it refuses the delivery address (`deliverTo.url`). */
const DELIVER_TO = 'deliverTo.url';

/**
 * Subscribing: the connection, the trigger's input and where to deliver (optional), sent to the
 * host; what it refused, by field (the delivery address apart, as it is outside the input's schema).
 */
function useSubscribe(trigger: TriggerInfo, onSubscribed: (created: SubscriptionCreated) => void) {
  const host = useHostData();
  const choices = host.connections.filter((entry) => entry.connector === trigger.connector);
  const [connection, setConnection] = useState(
    () => (choices.find((entry) => entry.isDefault) ?? choices[0])?.name ?? '',
  );
  const [formData, setFormData] = useState<Record<string, unknown>>({});
  const [deliverTo, setDeliverTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ErrorJson | undefined>();
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const plan = useMemo(() => planForm(trigger.id, trigger.inputSchema), [trigger]);
  const formContext = useLookupContext(trigger.id, connection, formData);

  async function submit(data: Record<string, unknown>) {
    setBusy(true);
    setError(undefined);
    setExtraErrors(undefined);
    try {
      const url = deliverTo.trim();
      const created = await triggersApi.subscribe(
        trigger.id,
        connection || undefined,
        data,
        url || undefined,
      );
      setFormData({});
      setDeliverTo('');
      onSubscribed(created);
    } catch (caught) {
      const json = errorOf(caught);
      setError(json);
      setExtraErrors(errorSchemaFromHost(json, plan.schema));
    } finally {
      setBusy(false);
    }
  }

  return {
    host,
    choices,
    connection,
    setConnection,
    formData,
    setFormData,
    deliverTo,
    setDeliverTo,
    busy,
    error,
    extraErrors,
    plan,
    formContext,
    submit,
  };
}

/** A trigger's form: the connection it listens on, its input and where to deliver; Subscribe asks the host. */
export function SubscribeForm({
  trigger,
  onSubscribed,
}: {
  trigger: TriggerInfo;
  onSubscribed(created: SubscriptionCreated): void;
}) {
  const form = useSubscribe(trigger, onSubscribed);
  const { busy, error, plan } = form;
  const formId = `subscribe-${trigger.id.replace(/\W/g, '-')}`;
  const addressError = error?.parameter === DELIVER_TO ? error : undefined;
  return (
    <section className="card" aria-labelledby={`${formId}-title`}>
      <h2 id={`${formId}-title`}>Subscribe to {trigger.title}</h2>
      <p className="muted">{trigger.description}</p>
      {form.choices.length === 0 ? (
        <p className="notice notice--warn">
          No connection for {form.host.connector(trigger.connector)?.title ?? trigger.connector} yet. Add one
          on the <a href="#/connections">Connections</a> screen.
        </p>
      ) : (
        <>
          <ConnectionChoice
            id={`${formId}-connection`}
            choices={form.choices}
            value={form.connection}
            disabled={busy}
            onChange={form.setConnection}
          />
          <SchemaForm
            key={trigger.id}
            id={formId}
            schema={plan.schema}
            uiSchema={plan.uiSchema}
            formData={form.formData}
            formContext={form.formContext}
            extraErrors={form.extraErrors}
            disabled={busy}
            onChange={form.setFormData}
            onSubmit={form.submit}
          >
            <DeliverToField
              id={`${formId}-deliver-to`}
              value={form.deliverTo}
              disabled={busy}
              problem={addressError?.message}
              onChange={form.setDeliverTo}
            />
            <div className="button-row">
              <button type="submit" className="button button--primary" disabled={busy}>
                {busy ? 'Subscribing…' : 'Subscribe'}
              </button>
            </div>
          </SchemaForm>
        </>
      )}
      {error && !addressError && <ErrorPanel error={error} />}
    </section>
  );
}

/**
 * Where the host also POSTs each event, signed (`C-Signature`, like Stripe's): optional, as the CLI's
 * `--deliver-to`. The host checks the address (https, or http on loopback; never an internal address)
 * and its refusal shows here, in its own words.
 */
function DeliverToField({
  id,
  value,
  disabled,
  problem,
  onChange,
}: {
  id: string;
  value: string;
  disabled: boolean;
  problem: string | undefined;
  onChange(value: string): void;
}) {
  const help = `${id}-help`;
  const errorLine = `${id}-error`;
  return (
    <div className={`field${problem ? ' field--invalid' : ''}`}>
      <div className="field__head">
        <label htmlFor={id} className="field__label">
          Deliver to
        </label>
        <span className="field__type">https URL · optional</span>
      </div>
      <input
        id={id}
        type="text"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/hooks/stripe"
        value={value}
        disabled={disabled}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${help} ${errorLine}` : help}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={help} className="field__description">
        The host also POSTs each event there as JSON, signed with a secret shown once after subscribing
        (verify its C-Signature header). An https address, or http on this machine (localhost).
      </p>
      {problem && (
        <div id={errorLine} className="field__error" role="alert">
          <p>{problem}</p>
        </div>
      )}
    </div>
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
