import type { FastifyPluginAsync } from 'fastify';
import { parseCursor } from '../triggers.js';
import type { HttpContext } from './context.js';

/** The body of `POST /api/subscriptions`. */
interface SubscribeBody {
  trigger: string;
  connection?: string;
  input?: Record<string, unknown>;
  deliverTo?: { url: string };
}

const subscribeBody = {
  type: 'object',
  additionalProperties: false,
  required: ['trigger'],
  properties: {
    trigger: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: 'The trigger, e.g. payments.event',
    },
    connection: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: 'The connection (default: the connector’s default)',
    },
    input: { type: 'object', description: 'The trigger’s filters' },
    deliverTo: {
      type: 'object',
      additionalProperties: false,
      required: ['url'],
      properties: { url: { type: 'string', minLength: 1, maxLength: 2000 } },
    },
  },
} as const;

const eventsQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    subscription: { type: 'string', maxLength: 200 },
    after: { type: 'string', maxLength: 20 },
    limit: { type: 'string', pattern: '^[0-9]{1,4}$' },
  },
} as const;

/** How often an idle event stream sends a comment, so proxies keep it open. */
const KEEPALIVE_MS = 15_000;

/** Triggers, subscriptions and events. All need the token. */
export const triggersRoutes: FastifyPluginAsync<HttpContext> = async (app, { host }) => {
  app.get('/api/triggers', async () =>
    host.triggers.list().map((entry) => ({
      id: entry.id,
      connector: entry.connectorId,
      key: entry.key,
      title: entry.trigger.title,
      description: entry.trigger.description,
      kinds: entry.trigger.kinds,
      inputSchema: entry.trigger.inputSchema,
      outputSchema: entry.trigger.outputSchema,
    })),
  );

  app.post<{ Body: SubscribeBody }>(
    '/api/subscriptions',
    { schema: { body: subscribeBody } },
    async (request, reply) => {
      const { subscription, deliverSecret } = await host.triggers.subscribe(request.body);
      return reply.code(201).send({ ...subscription, ...(deliverSecret ? { deliverSecret } : {}) });
    },
  );

  app.get('/api/subscriptions', async () =>
    Promise.all((await host.store.triggers.listSubscriptions()).map((record) => host.triggers.view(record))),
  );

  app.get<{ Params: { id: string } }>('/api/subscriptions/:id', async (request) => {
    const record = await host.triggers.get(request.params.id);
    const view = await host.triggers.view(record);
    return record.deliverTo
      ? { ...view, deliveries: await host.store.triggers.listDeliveries(record.id) }
      : view;
  });

  app.delete<{ Params: { id: string } }>('/api/subscriptions/:id', async (request, reply) => {
    await host.triggers.unsubscribe(request.params.id);
    return reply.code(204).send();
  });

  app.get<{ Querystring: { subscription?: string; after?: string; limit?: string } }>(
    '/api/events',
    { schema: { querystring: eventsQuery } },
    async (request) => {
      const limit = Math.min(1000, Math.max(1, Number(request.query.limit ?? 100)));
      const { events, nextCursor } = await host.triggers.events({ ...request.query, limit });
      return { events, nextCursor };
    },
  );

  app.get<{ Querystring: { subscription?: string; after?: string } }>(
    '/api/events/stream',
    { schema: { querystring: eventsQuery } },
    async (request, reply) => {
      const header = request.headers['last-event-id'];
      let after = parseCursor((Array.isArray(header) ? header[0] : header) ?? request.query.after);
      const closed = new AbortController();
      request.raw.once('close', () => closed.abort());
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'x-accel-buffering': 'no',
      });
      out.write(': c-host events\n\n');
      let idle = 0;
      while (!closed.signal.aborted) {
        const { stored } = await host.triggers.events({
          subscription: request.query.subscription,
          after: String(after),
          limit: 100,
        });
        for (const event of stored) {
          const { seq, ...view } = event;
          out.write(`id: ${seq}\nevent: event\ndata: ${JSON.stringify(view)}\n\n`);
          after = seq;
        }
        if (stored.length === 100) continue;
        // Woken at once by an event received here; another instance's events show within a second.
        await host.triggers.waitForEvents(1000, closed.signal);
        idle += 1000;
        if (idle >= KEEPALIVE_MS) {
          out.write(': keep-alive\n\n');
          idle = 0;
        }
      }
      out.end();
    },
  );
};
