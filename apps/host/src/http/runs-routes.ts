import { Readable } from 'node:stream';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type HistoryFilters, listRunHistory } from '../runs/run-history.js';
import { type RunEvent, type RunRequest, RunService } from '../runs/run-service.js';
import type { HttpContext } from './context.js';
import { routeSchema } from './schemas.js';

/** How long an event stream may stay silent before a comment keeps proxies from closing it. */
const KEEP_ALIVE_MS = 15_000;

/** A run's events as Server-Sent Events text, with a comment whenever it is quiet for a while. */
async function* serverSentEvents(events: AsyncGenerator<RunEvent>): AsyncGenerator<string> {
  try {
    let next = events.next();
    for (;;) {
      let timer: NodeJS.Timeout | undefined;
      const quiet = new Promise<'quiet'>((resolve) => {
        timer = setTimeout(() => resolve('quiet'), KEEP_ALIVE_MS);
      });
      const got = await Promise.race([next, quiet]);
      clearTimeout(timer);
      if (got === 'quiet') {
        yield ': still running\n\n';
        continue;
      }
      if (got.done) return;
      const { type, ...data } = got.value;
      yield `event: ${type}\ndata: ${JSON.stringify(data)}\n\n`;
      next = events.next();
    }
  } finally {
    await events.return(undefined);
  }
}

/**
 * Async runs: `POST /api/runs` (202), `GET /api/runs/{id}`, its events as Server-Sent Events, its
 * result as JSON or NDJSON, and `POST /api/runs/{id}/cancel`. All need the token or a session. The plugin brings the runs' worker
 * with it: this server runs queued runs (those of CLIs on the same store too) until it closes.
 */
export const runRoutes: FastifyPluginAsync<HttpContext> = async (app, { host }) => {
  const runs = await RunService.open(host, { work: true });
  app.addHook('onClose', async () => {
    await runs.stop();
  });

  app.post<{ Body: RunRequest }>(
    '/api/runs',
    { schema: routeSchema('POST /api/runs') },
    async (request, reply) => {
      const accepted = await runs.submit(request.body);
      return reply.code(202).header('location', `/api/runs/${accepted.id}`).send(accepted);
    },
  );

  app.get<{ Querystring: HistoryFilters }>(
    '/api/runs',
    { schema: routeSchema('GET /api/runs') },
    async (request) => listRunHistory(host.store, request.query ?? {}),
  );

  app.get<{ Params: { id: string } }>(
    '/api/runs/:id',
    { schema: routeSchema('GET /api/runs/:id') },
    async (request, reply) => {
      const run = await runs.get(request.params.id);
      // Streamed: a big result leaves the store a piece at a time.
      return reply.type('application/json; charset=utf-8').send(Readable.from(runs.viewJson(run)));
    },
  );

  app.post<{ Params: { id: string } }>(
    '/api/runs/:id/cancel',
    { schema: routeSchema('POST /api/runs/:id/cancel') },
    async (request, reply) => {
      const run = await runs.cancel(request.params.id);
      // 202 while its worker (maybe on another instance) is still stopping it.
      return reply
        .code(run.status === 'canceling' ? 202 : 200)
        .type('application/json; charset=utf-8')
        .send(Readable.from(runs.viewJson(run)));
    },
  );

  app.get<{ Params: { id: string }; Querystring: { format?: 'json' | 'ndjson'; download?: string } }>(
    '/api/runs/:id/result',
    { schema: routeSchema('GET /api/runs/:id/result') },
    async (request, reply) => resultReply(runs, request, reply),
  );

  app.get<{ Params: { id: string } }>(
    '/api/runs/:id/events',
    { schema: routeSchema('GET /api/runs/:id/events') },
    async (request, reply) => {
      await runs.get(request.params.id);
      const closed = new AbortController();
      // The run goes on; only the following stops when the client goes away.
      reply.raw.once('close', () => closed.abort());
      reply
        .type('text/event-stream; charset=utf-8')
        .header('cache-control', 'no-store')
        // nginx would otherwise hold events back in its buffer.
        .header('x-accel-buffering', 'no');
      return reply.send(Readable.from(serverSentEvents(runs.follow(request.params.id, closed.signal))));
    },
  );
};

/**
 * A run's result as JSON or NDJSON, streamed from the store; the first piece is read before
 * answering, so a run without a result is a 409, not a broken stream.
 */
async function resultReply(
  runs: RunService,
  request: FastifyRequest<{
    Params: { id: string };
    Querystring: { format?: 'json' | 'ndjson'; download?: string };
  }>,
  reply: FastifyReply,
) {
  const run = await runs.get(request.params.id);
  const format = request.query.format ?? 'json';
  const text = runs.resultText(run, format);
  // The first piece is read before answering, so a run without a result is a 409, not a broken stream.
  const first = await text.next();
  if (request.query.download === 'true' || request.query.download === '1') {
    reply.header('content-disposition', `attachment; filename="run-${run.id}.${format}"`);
  }
  reply.type(format === 'ndjson' ? 'application/x-ndjson; charset=utf-8' : 'application/json; charset=utf-8');
  return reply.send(
    Readable.from(
      (async function* () {
        if (!first.done) yield first.value;
        yield* text;
      })(),
    ),
  );
}
