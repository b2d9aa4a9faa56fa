import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { type RunEvent, type RunRequest, RunService } from '../runs.js';
import type { HttpContext } from './context.js';

/** `POST /api/runs` */
const runsBody = {
  type: 'object',
  additionalProperties: false,
  required: ['command'],
  properties: {
    command: {
      type: 'string',
      minLength: 1,
      title: 'Command',
      description: 'The command id (`<connector>.<key>`), as GET /api/commands lists it.',
    },
    connection: {
      type: 'string',
      title: 'Connection',
      description: "The connection's name; the connector's default connection when absent.",
    },
    input: { type: 'object', title: 'Input', description: "The command's parameters." },
    idempotencyKey: {
      type: 'string',
      title: 'Idempotency key',
      description:
        'Write commands only, as for POST /api/commands/{id}/run. A keyed write whose host dies mid-run is taken up again by another; an unkeyed one ends failed with outcomeUnknown.',
    },
  },
} as const;

/** What `GET /api/runs/{id}` answers. */
const runView = {
  type: 'object',
  required: ['id', 'command', 'connection', 'status', 'progress', 'result', 'error', 'createdAt'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    command: { type: 'string' },
    connection: {
      type: 'string',
      description: 'The connection the run uses, resolved when it was accepted.',
    },
    status: { type: 'string', enum: ['queued', 'running', 'succeeded', 'failed'] },
    progress: {
      description: 'The latest progress the command reported, or null.',
      anyOf: [
        {
          type: 'object',
          properties: {
            message: { type: 'string' },
            current: { type: 'number' },
            total: { type: 'number' },
          },
        },
        { type: 'null' },
      ],
    },
    result: { description: "The command's result once succeeded (as the run route answers it), else null." },
    error: {
      description:
        'The error once failed (outcomeUnknown: true when a write may have been applied), else null.',
      anyOf: [{ $ref: '#/components/schemas/Error' }, { type: 'null' }],
    },
    createdAt: { type: 'string', format: 'date-time' },
    startedAt: { type: ['string', 'null'], format: 'date-time' },
    finishedAt: { type: ['string', 'null'], format: 'date-time' },
  },
} as const;

const idParameter = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const errors = {
  default: {
    description: 'The error as JSON (status by kind; 404 for an unknown run).',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  },
};

/** The OpenAPI paths of async runs, for the API's document. */
export function runPaths(): Record<string, Record<string, unknown>> {
  return {
    '/api/runs': {
      post: {
        summary: 'Start an async run',
        description:
          'Checks the command, input, key and connection as a run in the request would, then runs the command in the background and answers at once. The run goes on whatever happens to this request.',
        requestBody: { required: true, content: { 'application/json': { schema: runsBody } } },
        responses: {
          202: {
            description: 'Accepted; Location names the run.',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['id', 'status'],
                  properties: { id: { type: 'string', format: 'uuid' }, status: { const: 'queued' } },
                },
              },
            },
          },
          ...errors,
        },
      },
    },
    '/api/runs/{id}': {
      get: {
        summary: 'Get an async run',
        parameters: [idParameter],
        responses: {
          200: { description: 'The run', content: { 'application/json': { schema: runView } } },
          ...errors,
        },
      },
    },
    '/api/runs/{id}/events': {
      get: {
        summary: 'Follow an async run (Server-Sent Events)',
        description:
          'Events `status` ({id, status}) first and on each change, `progress` ({id, progress}) as the command reports it, and `end` ({id, status, error}) last; a comment every 15 s keeps the stream open.',
        parameters: [idParameter],
        responses: {
          200: {
            description: 'The event stream',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
          ...errors,
        },
      },
    },
    '/api/runs/{id}/result': {
      get: {
        summary: "Download a succeeded run's result",
        description:
          'The result as JSON, or its list as NDJSON (one item per line; a result without a list is one line). 409 while the run has no result.',
        parameters: [
          idParameter,
          {
            name: 'format',
            in: 'query',
            schema: { type: 'string', enum: ['json', 'ndjson'], default: 'json' },
          },
          {
            name: 'download',
            in: 'query',
            schema: { type: 'boolean', default: false },
            description: 'Answer as a file to save (Content-Disposition: attachment).',
          },
        ],
        responses: {
          200: {
            description: 'The result',
            content: { 'application/json': {}, 'application/x-ndjson': { schema: { type: 'string' } } },
          },
          ...errors,
        },
      },
    },
  };
}

const idSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 100 } },
} as const;

const resultQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    format: { type: 'string', enum: ['json', 'ndjson'] },
    download: { type: 'string', enum: ['true', 'false', '1', '0'] },
  },
} as const;

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
 * Async runs: `POST /api/runs` (202), `GET /api/runs/{id}`, its events as Server-Sent Events, and
 * its result as JSON or NDJSON. All need the token or a session. The plugin brings the runs' worker
 * with it: this server runs queued runs (those of CLIs on the same store too) until it closes.
 */
export const runRoutes: FastifyPluginAsync<HttpContext> = async (app, { host }) => {
  const runs = await RunService.open(host, { work: true });
  app.addHook('onClose', async () => {
    await runs.stop();
  });

  app.post<{ Body: RunRequest }>('/api/runs', { schema: { body: runsBody } }, async (request, reply) => {
    const accepted = await runs.submit(request.body);
    return reply.code(202).header('location', `/api/runs/${accepted.id}`).send(accepted);
  });

  app.get<{ Params: { id: string } }>(
    '/api/runs/:id',
    { schema: { params: idSchema } },
    async (request, reply) => {
      const run = await runs.get(request.params.id);
      // Streamed: a big result leaves the store a piece at a time.
      return reply.type('application/json; charset=utf-8').send(Readable.from(runs.viewJson(run)));
    },
  );

  app.get<{ Params: { id: string }; Querystring: { format?: 'json' | 'ndjson'; download?: string } }>(
    '/api/runs/:id/result',
    { schema: { params: idSchema, querystring: resultQuery } },
    async (request, reply) => {
      const run = await runs.get(request.params.id);
      const format = request.query.format ?? 'json';
      const text = runs.resultText(run, format);
      // The first piece is read before answering, so a run without a result is a 409, not a broken stream.
      const first = await text.next();
      if (request.query.download === 'true' || request.query.download === '1') {
        reply.header('content-disposition', `attachment; filename="run-${run.id}.${format}"`);
      }
      reply.type(
        format === 'ndjson' ? 'application/x-ndjson; charset=utf-8' : 'application/json; charset=utf-8',
      );
      return reply.send(
        Readable.from(
          (async function* () {
            if (!first.done) yield first.value;
            yield* text;
          })(),
        ),
      );
    },
  );

  app.get<{ Params: { id: string } }>(
    '/api/runs/:id/events',
    { schema: { params: idSchema } },
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
