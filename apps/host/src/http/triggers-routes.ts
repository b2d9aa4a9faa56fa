import type { FastifyPluginAsync } from 'fastify';
import type { SubscribeRequest } from '../api/schemas.js';
import { isDatabaseOutage } from '../store/outage.js';
import { parseCursor } from '../triggers/trigger-service.js';
import type { HttpContext } from './context.js';
import { routeSchema } from './schemas.js';

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

  app.post<{ Body: SubscribeRequest }>(
    '/api/subscriptions',
    { schema: routeSchema('POST /api/subscriptions') },
    async (request, reply) => {
      const { subscription, deliverSecret } = await host.triggers.subscribe(request.body);
      return reply.code(201).send({ ...subscription, ...(deliverSecret ? { deliverSecret } : {}) });
    },
  );

  app.get('/api/subscriptions', async () =>
    Promise.all((await host.store.triggers.listSubscriptions()).map((record) => host.triggers.view(record))),
  );

  app.get<{ Params: { id: string } }>(
    '/api/subscriptions/:id',
    { schema: routeSchema('GET /api/subscriptions/:id') },
    async (request) => {
      const record = await host.triggers.get(request.params.id);
      const view = await host.triggers.view(record);
      return record.deliverTo
        ? { ...view, deliveries: await host.store.triggers.listDeliveries(record.id) }
        : view;
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/api/subscriptions/:id',
    { schema: routeSchema('DELETE /api/subscriptions/:id') },
    async (request, reply) => {
      await host.triggers.unsubscribe(request.params.id);
      return reply.code(204).send();
    },
  );
};

/** Events: a page at a time, or a stream of Server-Sent Events that resumes where it stopped. */
export const eventRoutes: FastifyPluginAsync<HttpContext> = async (app, { host }) => {
  app.get<{ Querystring: { subscription?: string; after?: string; limit?: string } }>(
    '/api/events',
    { schema: routeSchema('GET /api/events') },
    async (request) => {
      const limit = Math.min(1000, Math.max(1, Number(request.query.limit ?? 100)));
      const { events, nextCursor } = await host.triggers.events({ ...request.query, limit });
      return { events, nextCursor };
    },
  );

  app.get<{ Querystring: { subscription?: string; after?: string } }>(
    '/api/events/stream',
    { schema: routeSchema('GET /api/events/stream') },
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
        let stored: Awaited<ReturnType<typeof host.triggers.events>>['stored'] = [];
        try {
          ({ stored } = await host.triggers.events({
            subscription: request.query.subscription,
            after: String(after),
            limit: 100,
          }));
        } catch (error) {
          // The database is away (a restart, a failover): nothing to send this time; the stream
          // stays open, kept alive, and reads again from where it was.
          if (!isDatabaseOutage(error)) throw error;
        }
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
