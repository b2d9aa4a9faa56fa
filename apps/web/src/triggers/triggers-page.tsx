import { useCallback, useEffect, useRef, useState } from 'react';
import { errorOf } from '../api';
import type { ErrorJson } from '../types';
import { CopyButton } from '../ui/copy-button';
import { ErrorPanel } from '../ui/error-panel';
import { streamLabels, useLiveEvents } from './live-events';
import { SubscribeForm } from './subscribe-form';
import { EventList, SubscriptionList, TriggerCatalogue } from './trigger-lists';
import {
  type SubscriptionCreated,
  type SubscriptionInfo,
  type TriggerInfo,
  triggersApi,
} from './triggers-api';

/**
 * The triggers on offer and the subscriptions, read from the host, with what the last change said
 * (`message`) or why it failed (`error`), and Remove.
 */
function useTriggers() {
  const [triggers, setTriggers] = useState<TriggerInfo[] | undefined>();
  const [subscriptions, setSubscriptions] = useState<SubscriptionInfo[]>([]);
  const [error, setError] = useState<ErrorJson | undefined>();
  const [message, setMessage] = useState<string | undefined>();

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

  const titleOf = (id: string) => triggers?.find((entry) => entry.id === id)?.title ?? id;

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

  return { triggers, subscriptions, error, message, setMessage, refreshSubscriptions, remove, titleOf };
}

/** Triggers: subscribe from a trigger's form, manage subscriptions, watch events arrive live. */
export function TriggersPage() {
  const [selected, setSelected] = useState<string | undefined>();
  const { triggers, subscriptions, error, message, setMessage, refreshSubscriptions, remove, titleOf } =
    useTriggers();
  const live = useLiveEvents();
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  const trigger = triggers?.find((entry) => entry.id === selected);
  const [secret, setSecret] = useState<SubscriptionCreated | undefined>();

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
        <TriggerCatalogue triggers={triggers} selected={selected} setSelected={setSelected} />
      </section>

      {trigger && (
        <SubscribeForm
          key={trigger.id}
          trigger={trigger}
          onSubscribed={(created) => {
            setSecret(created.deliverSecret ? created : undefined);
            setMessage(
              `Subscribed to ${trigger.title} on ${created.connection}.${
                created.hookUrl ? ` The provider sends its events to ${created.hookUrl}.` : ''
              }`,
            );
            void refreshSubscriptions();
          }}
        />
      )}

      {secret && <DeliverySecret created={secret} onDone={() => setSecret(undefined)} />}

      <section aria-labelledby="subscriptions-title">
        <h2 id="subscriptions-title">Subscriptions</h2>
        <SubscriptionList subscriptions={subscriptions} titleOf={titleOf} remove={remove} />
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
        <EventList events={live.events} titleOf={titleOf} />
      </section>
    </div>
  );
}

/**
 * The secret that signs deliveries to a subscription's `deliverTo`, shown once (the host keeps no
 * way to show it again), with Copy and a way to put it away, as Stripe shows a new endpoint's secret.
 */
function DeliverySecret({ created, onDone }: { created: SubscriptionCreated; onDone(): void }) {
  const secret = created.deliverSecret ?? '';
  return (
    <section className="card delivery-secret" aria-labelledby="delivery-secret-title">
      <h2 id="delivery-secret-title">Signing secret for {created.deliverTo?.url}</h2>
      <p className="muted">
        Shown this once: keep it where your receiver can read it, and check each delivery's C-Signature header
        with it (t=…,v1=…: an HMAC-SHA256 of “t.body”).
      </p>
      <div className="delivery-secret__value">
        <code>{secret}</code>
        <CopyButton text={secret} what="the signing secret" />
      </div>
      <div className="button-row">
        <button type="button" className="button" onClick={onDone}>
          I have saved it
        </button>
      </div>
    </section>
  );
}
