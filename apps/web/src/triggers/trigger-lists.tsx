import { useEffect, useRef, useState } from 'react';
import { useHostData } from '../host-data';
import { FieldValue } from '../results/field-value';
import { hasData } from '../results/shapes';
import type { SubscriptionInfo, TriggerEvent, TriggerInfo } from './triggers-api';

// The three lists of the Triggers screen: the triggers on offer, the subscriptions, the events.

function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** The triggers the connectors offer, each with Subscribe…, which opens its form. */
export function TriggerCatalogue({
  triggers,
  selected,
  setSelected,
}: {
  triggers: TriggerInfo[] | undefined;
  selected: string | undefined;
  setSelected(id: string): void;
}) {
  const host = useHostData();
  return (
    <>
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
                  <span className="muted">· {host.connector(entry.connector)?.title ?? entry.connector}</span>
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
    </>
  );
}

/** What a subscription was made with, as labelled fields: its event types as chips. */
function SubscriptionInput({ input }: { input: Record<string, unknown> }) {
  const fields = Object.entries(input).filter(([, value]) => hasData(value));
  if (fields.length === 0) return null;
  return (
    <dl className="fields subscription__input">
      {fields.map(([key, value]) => (
        <div key={key} className="fields__row">
          <dt>{key}</dt>
          <dd>
            <FieldValue name={key} value={value} />
          </dd>
        </div>
      ))}
    </dl>
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
        <SubscriptionInput input={entry.input} />
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

/** The subscriptions, each removable. */
export function SubscriptionList({
  subscriptions,
  titleOf,
  remove,
}: {
  subscriptions: SubscriptionInfo[];
  titleOf(trigger: string): string;
  remove(entry: SubscriptionInfo): Promise<void>;
}) {
  return (
    <>
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
    </>
  );
}

/** The events received, newest first, each with its data folded. */
export function EventList({ events, titleOf }: { events: TriggerEvent[]; titleOf(trigger: string): string }) {
  return (
    <>
      {events.length === 0 ? (
        <p className="empty">No events yet. They appear here as they arrive.</p>
      ) : (
        <ol className="recent-list" aria-label="Events">
          {events.map((event) => (
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
    </>
  );
}
