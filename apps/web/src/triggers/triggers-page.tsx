import type { ErrorSchema } from '@rjsf/utils';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api, errorOf } from '../api';
import { planForm } from '../commands/form-plan';
import type { FormContext } from '../form/form-context';
import { errorSchemaFromHost, SchemaForm } from '../form/schema-form';
import { useHostData } from '../host-data';
import type { ErrorJson } from '../types';
import { ErrorPanel } from '../ui/error-panel';
import {
  eventStreamUrl,
  type SubscriptionInfo,
  type TriggerEvent,
  type TriggerInfo,
  triggersApi,
} from './triggers-api';

/** How many events the live list keeps; older ones stay on the host (`GET /api/events`). */
const MAX_EVENTS = 200;

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

type StreamState = 'connecting' | 'live' | 'reconnecting' | 'closed' | 'unsupported';

/**
 * The events of every subscription as they arrive, newest first. The stream starts with the newest
 * 100 the host has stored, then stays open; `EventSource` reconnects by itself with `Last-Event-ID`, so nothing
 * is missed or repeated across a dropped connection.
 */
function useLiveEvents(): { events: TriggerEvent[]; state: StreamState; restart(): void } {
  const [events, setEvents] = useState<TriggerEvent[]>([]);
  const [state, setState] = useState<StreamState>(() =>
    typeof EventSource === 'undefined' ? 'unsupported' : 'connecting',
  );
  const sourceRef = useRef<EventSource | undefined>(undefined);
  const open = useCallback(() => {
    sourceRef.current?.close();
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource(eventStreamUrl, { withCredentials: true });
    sourceRef.current = source;
    setState('connecting');
    source.onopen = () => setState('live');
    // A refused stream (such as an expired session) is closed for good; a dropped one is retried.
    source.onerror = () => setState(source.readyState === EventSource.CLOSED ? 'closed' : 'reconnecting');
    source.addEventListener('event', (message) => {
      let event: TriggerEvent;
      try {
        event = JSON.parse((message as MessageEvent<string>).data) as TriggerEvent;
      } catch {
        return;
      }
      setEvents((list) =>
        list.some((entry) => entry.id === event.id) ? list : [event, ...list].slice(0, MAX_EVENTS),
      );
    });
  }, []);
  useEffect(() => {
    open();
    return () => sourceRef.current?.close();
  }, [open]);
  return { events, state, restart: open };
}

const streamLabels: Record<StreamState, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  closed: 'Stopped',
  unsupported: 'This browser cannot receive live events.',
};

function SubscribeForm({
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
  const runLookup = useCallback(
    async (command: string, input: Record<string, unknown>) =>
      (await api.run(command, input, connection || undefined)).result,
    [connection],
  );
  const formContext = useMemo<FormContext>(
    () => ({ commandId: trigger.id, connection: connection || undefined, formData, runLookup }),
    [trigger.id, connection, formData, runLookup],
  );
  const formId = `subscribe-${trigger.id.replace(/\W/g, '-')}`;
  const connectionId = `${formId}-connection`;

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
          <div className="field">
            <label htmlFor={connectionId} className="field__label">
              Connection
            </label>
            <select
              id={connectionId}
              value={connection}
              disabled={busy}
              onChange={(event) => setConnection(event.target.value)}
            >
              {choices.map((entry) => (
                <option key={entry.name} value={entry.name}>
                  {entry.name}
                  {entry.isDefault ? ' (default)' : ''}
                </option>
              ))}
            </select>
          </div>
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

/** One subscription, with Remove behind a confirmation: it deletes the provider's webhook too. */
function SubscriptionCard({
  subscription: entry,
  title,
  onRemove,
}: {
  subscription: SubscriptionInfo;
  title: string;
  onRemove(): Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  const name = `${title} on ${entry.connection}`;
  return (
    <li className="card recent" aria-label={name}>
      <div className="recent__main">
        <h3 className="recent__title">
          {title} <span className="muted">· on {entry.connection}</span>
        </h3>
        <p className="recent__meta">
          <span className={`badge ${entry.status === 'active' ? 'badge--ok' : 'badge--warn'}`}>
            {entry.status}
          </span>
          <span>since {when(entry.createdAt)}</span>
          {entry.hookUrl && <span>receives at {entry.hookUrl}</span>}
          {entry.deliverTo && <span>delivers to {entry.deliverTo.url}</span>}
        </p>
        <code className="recent__input">{JSON.stringify(entry.input)}</code>
        {typeof entry.error?.message === 'string' && (
          <p className="notice notice--error">{entry.error.message}</p>
        )}
      </div>
      <div className="button-row">
        {confirming ? (
          <span className="confirm">
            <span>Remove {name}?</span>
            <button
              ref={confirmRef}
              type="button"
              className="button button--danger"
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                await onRemove();
                setBusy(false);
                setConfirming(false);
              }}
            >
              Remove
            </button>
            <button type="button" className="button button--quiet" onClick={() => setConfirming(false)}>
              Keep
            </button>
          </span>
        ) : (
          <button
            type="button"
            className="button button--quiet"
            aria-label={`Remove ${name}…`}
            onClick={() => setConfirming(true)}
          >
            Remove…
          </button>
        )}
      </div>
    </li>
  );
}

/** Triggers: subscribe from a trigger's form, manage subscriptions, watch events arrive live. */
export function TriggersPage() {
  const [triggers, setTriggers] = useState<TriggerInfo[] | undefined>();
  const [subscriptions, setSubscriptions] = useState<SubscriptionInfo[]>([]);
  const [selected, setSelected] = useState<string | undefined>();
  const [error, setError] = useState<ErrorJson | undefined>();
  const [message, setMessage] = useState<string | undefined>();
  const host = useHostData();
  const live = useLiveEvents();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  const refreshSubscriptions = useCallback(async () => {
    try {
      setSubscriptions(await triggersApi.subscriptions());
    } catch (caught) {
      setError(errorOf(caught));
    }
  }, []);

  useEffect(() => {
    triggersApi.triggers().then(setTriggers, (caught) => setError(errorOf(caught)));
    void refreshSubscriptions();
  }, [refreshSubscriptions]);

  async function remove(entry: SubscriptionInfo) {
    setError(undefined);
    setMessage(undefined);
    try {
      await triggersApi.unsubscribe(entry.id);
      setMessage(`Removed ${titleOf(entry.trigger)} on ${entry.connection}.`);
    } catch (caught) {
      setError(errorOf(caught));
    }
    await refreshSubscriptions();
  }

  const trigger = triggers?.find((entry) => entry.id === selected);
  const titleOf = (id: string) => triggers?.find((entry) => entry.id === id)?.title ?? id;

  return (
    <div className="page">
      <div className="page__head">
        <div>
          <h1 ref={headingRef} tabIndex={-1}>
            Triggers
          </h1>
          <p className="muted">Subscribe to a provider’s events and watch them arrive.</p>
        </div>
      </div>
      {error && <ErrorPanel error={error} />}
      {/* Always in the page, so that a screen reader announces each new message. */}
      <p className={message ? 'notice notice--ok' : 'sr-only'} role="status">
        {message}
      </p>

      <section aria-labelledby="triggers-catalogue">
        <h2 id="triggers-catalogue">Available triggers</h2>
        {!triggers ? (
          <p className="muted" role="status">
            Loading…
          </p>
        ) : triggers.length === 0 ? (
          <p className="empty">No connector offers triggers.</p>
        ) : (
          <ul className="recent-list" aria-label="Available triggers">
            {triggers.map((entry) => (
              <li key={entry.id} className="card recent">
                <div className="recent__main">
                  <h3 className="recent__title">
                    {entry.title}{' '}
                    <span className="muted">
                      · {host.connector(entry.connector)?.title ?? entry.connector}
                    </span>
                  </h3>
                  <p className="recent__meta">
                    <code>{entry.id}</code>
                    <span>{entry.kinds.join(', ')}</span>
                  </p>
                  <p className="muted">{entry.description}</p>
                </div>
                <div className="button-row">
                  <button
                    type="button"
                    className={`button${entry.id === selected ? ' button--primary' : ''}`}
                    aria-pressed={entry.id === selected}
                    aria-label={`Subscribe to ${entry.title}…`}
                    onClick={() => setSelected(entry.id)}
                  >
                    Subscribe…
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      {trigger && (
        <SubscribeForm
          key={trigger.id}
          trigger={trigger}
          onSubscribed={(created) => {
            setMessage(
              `Subscribed to ${trigger.title} on ${created.connection}.${
                created.hookUrl ? ` The provider sends its events to ${created.hookUrl}.` : ''
              }`,
            );
            void refreshSubscriptions();
          }}
        />
      )}

      <section aria-labelledby="subscriptions-title">
        <h2 id="subscriptions-title">Subscriptions</h2>
        {subscriptions.length === 0 ? (
          <p className="empty">No subscriptions yet.</p>
        ) : (
          <ul className="recent-list" aria-label="Subscriptions">
            {subscriptions.map((entry) => (
              <SubscriptionCard
                key={entry.id}
                subscription={entry}
                title={titleOf(entry.trigger)}
                onRemove={() => remove(entry)}
              />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="events-title">
        <div className="page__head">
          <h2 id="events-title">
            Events <span className="muted">· {streamLabels[live.state]}</span>
          </h2>
          {live.state === 'closed' && (
            <button type="button" className="button" onClick={live.restart}>
              Reconnect
            </button>
          )}
        </div>
        {live.events.length === 0 ? (
          <p className="empty">No events yet. They appear here as they arrive.</p>
        ) : (
          <ol className="recent-list" aria-label="Events">
            {live.events.map((event) => (
              <li key={event.id} className="card">
                <h3 className="recent__title">
                  {event.type} <span className="muted">· {titleOf(event.trigger)}</span>
                </h3>
                <p className="recent__meta">
                  <time dateTime={event.occurredAt}>{when(event.occurredAt)}</time>
                  <code>{event.id}</code>
                </p>
                <details>
                  <summary>Data</summary>
                  <pre>{JSON.stringify(event.data, null, 2)}</pre>
                </details>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
