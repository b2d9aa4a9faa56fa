import type { SubscriptionCreated } from '@c/host/api';
import { apiRequest } from '../api';
import type { SubscriptionInfo, TriggerEvent, TriggerInfo } from '../types';

// The shapes are the host's (`@c/host/api`), re-exported for the UI's trigger code.
export type { SubscriptionCreated, SubscriptionInfo, TriggerEvent, TriggerInfo };

/** The host's trigger routes. */
export const triggersApi = {
  triggers: () => apiRequest<TriggerInfo[]>('GET', '/api/triggers'),
  subscriptions: () => apiRequest<SubscriptionInfo[]>('GET', '/api/subscriptions'),
  /** Subscribes; with `deliverTo`, the answer holds the secret that signs deliveries, shown this once. */
  subscribe: (
    trigger: string,
    connection: string | undefined,
    input: Record<string, unknown>,
    deliverTo?: string | undefined,
  ) =>
    apiRequest<SubscriptionCreated>('POST', '/api/subscriptions', {
      trigger,
      ...(connection ? { connection } : {}),
      input,
      ...(deliverTo ? { deliverTo: { url: deliverTo } } : {}),
    }),
  unsubscribe: (id: string) => apiRequest<void>('DELETE', `/api/subscriptions/${encodeURIComponent(id)}`),
};

/** Where the live events come from; the session cookie goes with it (same origin). */
export const eventStreamUrl = '/api/events/stream';
