import { type Connector, type Trigger, ValidationError } from '@c/core';
import type { Registry } from '../registry.js';
import type { StoredEvent } from '../store/trigger-store.js';

// Triggers as every surface names and shows them: apart from the service, so that a surface that
// only shows them (the CLI's `triggers events`, the API's types) needs nothing of its loops.

/** The setting where a running server leaves its own URL, for hook URLs of sandbox subscriptions. */
export const LOCAL_URL_SETTING = 'trigger_local_url';

/** One trigger of the registry under its qualified id (`payments.event`). */
export interface RegisteredTrigger {
  readonly id: string;
  readonly connectorId: string;
  readonly key: string;
  readonly connector: Connector;
  readonly trigger: Trigger;
}

/** An event as every surface shows it (`spec/TRIGGERS.md`). */
export interface EventView {
  id: string;
  trigger: string;
  subscription: string;
  type: string;
  occurredAt: string;
  receivedAt: string;
  data: unknown;
}

/** A subscription as every surface shows it: never its provider state or secrets. */
export interface SubscriptionView {
  id: string;
  trigger: string;
  connection: string;
  input: Record<string, unknown>;
  hookUrl: string | undefined;
  deliverTo: { url: string } | undefined;
  status: string;
  error?: Record<string, unknown> | undefined;
  createdAt: string;
}

/** What `subscribe` takes. */
export interface SubscribeRequest {
  trigger: string;
  connection?: string | undefined;
  input?: unknown;
  deliverTo?: { url: string } | undefined;
}

/** The event's public form. */
export function eventView(event: StoredEvent): EventView {
  const { seq: _seq, ...view } = event;
  return view;
}

/** Every trigger of the connectors, under qualified ids. */
export function registeredTriggers(registry: Registry): RegisteredTrigger[] {
  return registry.connectors().flatMap((connector) =>
    Object.values(connector.triggers ?? {}).map((trigger) => ({
      id: `${connector.id}.${trigger.key}`,
      connectorId: connector.id,
      key: trigger.key,
      connector,
      trigger,
    })),
  );
}

/** A cursor (`nextCursor`, `Last-Event-ID`): a non-negative integer, or a `ValidationError` on `after`. */
export function parseCursor(text: string | undefined): number {
  if (text === undefined || text === '') return 0;
  if (!/^\d{1,15}$/.test(text)) {
    throw new ValidationError('Invalid parameter "after": expected a cursor from nextCursor (digits)', {
      parameter: 'after',
    });
  }
  return Number(text);
}
