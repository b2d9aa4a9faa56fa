import { HttpResponse, http } from 'msw';
import type { SubscriptionInfo, TriggerInfo } from '../triggers/triggers-api';
import type { MockCall } from './mock-host';

const triggers: TriggerInfo[] = [
  {
    id: 'payments.event',
    connector: 'payments',
    key: 'event',
    title: 'Stripe Event',
    description: 'Fires on Stripe events of the chosen types.',
    kinds: ['webhook'],
    // payments.event's own input schema: a list of types, or one comma-separated string.
    inputSchema: {
      type: 'object',
      properties: {
        events: {
          anyOf: [
            {
              minItems: 1,
              maxItems: 256,
              type: 'array',
              items: {
                type: 'string',
                pattern: '^(\\*|[a-z0-9_]+(\\.[a-z0-9_]+)+)$',
                // The declared types (a few of them), as payments.event's schema carries them.
                examples: [
                  '*',
                  'customer.created',
                  'customer.deleted',
                  'customer.subscription.created',
                  'customer.subscription.updated',
                  'invoice.paid',
                  'invoice.payment_failed',
                ],
              },
            },
            { type: 'string' },
          ],
          title: 'Events',
          description: 'The Stripe event types to receive, such as customer.created or invoice.paid.',
        },
      },
      required: ['events'],
      additionalProperties: false,
    },
    outputSchema: { type: 'object' },
  },
  {
    id: 'docs.fileChanged',
    connector: 'docs',
    key: 'fileChanged',
    title: 'File Changed',
    description: 'Fires when a Drive file changes.',
    kinds: ['push'],
    inputSchema: { type: 'object', properties: {} },
    outputSchema: { type: 'object' },
  },
];

/**
 * The host's trigger routes (`/api/triggers`, `/api/subscriptions`), kept apart from `mock-host`
 * so that screens without triggers need none of it. Live events are not served here: tests stub
 * `EventSource`, which jsdom lacks.
 */
export function createMockTriggers() {
  const state = {
    subscriptions: [] as SubscriptionInfo[],
    calls: [] as MockCall[],
  };
  const handlers = [
    http.get('*/api/triggers', () => HttpResponse.json(triggers)),
    http.get('*/api/subscriptions', () => HttpResponse.json(state.subscriptions)),
    http.post('*/api/subscriptions', async ({ request }) => {
      const body = (await request.json()) as {
        trigger: string;
        connection?: string;
        input: Record<string, unknown>;
        deliverTo?: { url: string };
      };
      state.calls.push({ method: 'POST', path: '/api/subscriptions', body });
      if (body.deliverTo?.url.startsWith('http://10.')) {
        // The host's words for an internal address (apps/host/src/triggers/deliver-to.ts).
        return HttpResponse.json(
          {
            error: {
              name: 'ValidationError',
              kind: 'validation',
              message:
                'Invalid parameter "deliverTo.url": expected an https:// URL (plain http:// only for a loopback address)',
              parameter: 'deliverTo.url',
              retryable: false,
            },
          },
          { status: 400 },
        );
      }
      if (Array.isArray(body.input.events) && body.input.events.includes('customer.deleted')) {
        return HttpResponse.json(
          {
            error: {
              name: 'ValidationError',
              kind: 'validation',
              message: 'Invalid parameter "events": "customer.deleted" is not enabled for this account',
              parameter: 'events',
              retryable: false,
            },
          },
          { status: 400 },
        );
      }
      const created: SubscriptionInfo = {
        id: `sub_${state.subscriptions.length + 1}`,
        trigger: body.trigger,
        connection: body.connection ?? 'default',
        input: body.input,
        hookUrl: 'http://127.0.0.1:4848/hooks/sub_1',
        deliverTo: body.deliverTo,
        status: 'active',
        createdAt: '2026-11-24T12:00:00.000Z',
      };
      state.subscriptions.push(created);
      const secret = body.deliverTo ? { deliverSecret: 'whsec_test_delivery' } : {};
      return HttpResponse.json({ ...created, ...secret }, { status: 201 });
    }),
    http.delete('*/api/subscriptions/:id', ({ params }) => {
      state.calls.push({ method: 'DELETE', path: `/api/subscriptions/${params.id}`, body: undefined });
      state.subscriptions = state.subscriptions.filter((entry) => entry.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { state, handlers, triggers };
}
