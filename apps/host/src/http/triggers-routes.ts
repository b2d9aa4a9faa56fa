import type { FastifyPluginAsync } from 'fastify';
import type { SubscribeRequest } from '../api/schemas.js';
import { currentActor } from '../observability/request-context.js';
import { parseCursor } from '../triggers/trigger-service.js';
import type { HttpContext } from './context.js';
import { MAX_STREAMS_PER_ACTOR, REPLAY_WITHOUT_CURSOR, StreamCount, streamEvents } from './event-stream.js';
import { routeSchema } from './schemas.js';

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

  const streams = new StreamCount(MAX_STREAMS_PER_ACTOR);
  app.get<{ Querystring: { subscription?: string; after?: string } }>(
    '/api/events/stream',
    { schema: routeSchema('GET /api/events/stream') },
    async (request, reply) => {
      const header = request.headers['last-event-id'];
      const cursor = (Array.isArray(header) ? header[0] : header) ?? request.query.after;
      // Without a cursor the stream starts with the recent events, not the whole history.
      const after =
        cursor === undefined
          ? await host.store.triggers.cursorBeforeNewest({
              subscription: request.query.subscription,
              newest: REPLAY_WITHOUT_CURSOR,
            })
          : parseCursor(cursor);
      const release = streams.open(currentActor());
      request.raw.once('close', release);
      reply.hijack();
      await streamEvents(host, request.raw, reply.raw, { subscription: request.query.subscription, after });
    },
  );
};
