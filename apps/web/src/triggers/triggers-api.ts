import { apiRequest } from '../api';
import type { JsonSchema } from '../types';

/** A trigger of the host's catalogue (`GET /api/triggers`). */
export interface TriggerInfo {
  id: string;
  connector: string;
  key: string;
  title: string;
  description: string;
  kinds: string[];
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
}

/** A subscription as the host shows it: never its provider state or secrets. */
export interface SubscriptionInfo {
  id: string;
  trigger: string;
  connection: string;
  input: Record<string, unknown>;
  hookUrl?: string | undefined;
  deliverTo?: { url: string } | undefined;
  status: string;
  error?: Record<string, unknown> | undefined;
  createdAt: string;
}

/** An event received for a subscription. */
export interface TriggerEvent {
  id: string;
  trigger: string;
  subscription: string;
  type: string;
  occurredAt: string;
  receivedAt: string;
  data: unknown;
}

/** The host's trigger routes. */
export const triggersApi = {
  triggers: () => apiRequest<TriggerInfo[]>('GET', '/api/triggers'),
  subscriptions: () => apiRequest<SubscriptionInfo[]>('GET', '/api/subscriptions'),
  subscribe: (trigger: string, connection: string | undefined, input: Record<string, unknown>) =>
    apiRequest<SubscriptionInfo>(
      'POST',
      '/api/subscriptions',
      connection ? { trigger, connection, input } : { trigger, input },
    ),
  unsubscribe: (id: string) => apiRequest<void>('DELETE', `/api/subscriptions/${encodeURIComponent(id)}`),
};

/** Where the live events come from; the session cookie goes with it (same origin). */
export const eventStreamUrl = '/api/events/stream';
